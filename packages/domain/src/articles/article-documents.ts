import type { DocumentSteps, Documents } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import type { AuditRecord } from '../audit/audit-repository';
import type { ProfileDocument } from '../profiles/profile-documents';
import type { Article, ArticleInput } from '../domain/types';
import { mapStep, type Steps } from '../store/steps';
import type { ArticleClaim, ArticleProof } from './article-proof';
import type { ArticleFields, ArticlesUnitOfWrite, StoredArticleClaim } from './articles-repository';
import type { ArticlesStore } from './articles-store';

/**
 * An article claim as the generic document port stores it: the article as its owner gave it, with copies of its
 * address, date and whether it counts for the indexes, its proof and its place among the address's authors.
 */
export interface ArticleDocument {
  id: number;
  profileId: number;
  canonicalUrl: string;
  /** Whether the article counts: listed active by its owner (`article.active`) and proven. */
  active: boolean;
  publishedAt: string;
  article: ArticleInput;
  proven: boolean;
  /** Null only on MongoDB documents written before articles were claims and not yet migrated. */
  proof: ArticleProof | null;
  creditOrder: number;
}

type NewArticleDocument = Omit<ArticleDocument, 'id'>;

/** The articles, the profiles' history and the profiles read, as steps of the unit of write they are in. */
export interface ArticleDocuments {
  articles: DocumentSteps<ArticleDocument, NewArticleDocument>;
  history: DocumentSteps<AuditRecord, Omit<AuditRecord, 'id'>>;
  profiles: DocumentSteps<ProfileDocument>;
}

/**
 * What each database keeps of the articles' unit by hand: a proof's write (on MongoDB conditional on the proof as
 * read, see ProofGuard), the page checks' queue and the answers' unit.
 */
export type StoredArticlesUnit = Pick<
  ArticlesUnitOfWrite,
  'writeProof' | 'answers' | 'scheduleCheck' | 'holdsCheck' | 'settleCheck'
>;

/** Written before articles were claims and not yet migrated: it counted, so it was as good as proven. */
const proofOf = (document: ArticleDocument): ArticleProof =>
  document.proof ?? { state: 'proven', reason: null, mention: null, evidence: [] };

const articleOf = (document: ArticleDocument): Article => ({
  ...document.article,
  id: document.id,
  profile_id: document.profileId,
});

const claimOf = (document: ArticleDocument): ArticleClaim => ({ article: articleOf(document), proof: proofOf(document) });

const storedClaimOf = (document: ArticleDocument): StoredArticleClaim => ({
  id: document.id,
  profileId: document.profileId,
  canonicalUrl: document.canonicalUrl,
  listedActive: document.article.active,
  proof: proofOf(document),
});

/** The fields of the article a change writes (its address, proof and credit order only when given). */
const writtenFields = ({ article, active, canonicalUrl, proof, creditOrder }: ArticleFields): Partial<NewArticleDocument> => ({
  active,
  publishedAt: article.published_at,
  article,
  ...(canonicalUrl !== undefined && { canonicalUrl }),
  ...(proof !== undefined && { proven: proof.state === 'proven', proof }),
  ...(creditOrder !== undefined && { creditOrder }),
});

const newestFirst = { by: ['publishedAt'], newestFirst: true } as const;

/**
 * The articles' unit of write (see ArticlesUnitOfWrite), its reads, new articles, listing changes and history
 * written once over the generic documents' steps, in the unit the database holds; the rest is the database's own
 * (StoredArticlesUnit).
 */
export function articlesUnitOver(
  { articles, history, profiles }: ArticleDocuments,
  stored: StoredArticlesUnit,
): ArticlesUnitOfWrite {
  return {
    writeProof: stored.writeProof,
    verifiedSlugOf: (profileId) => mapStep(profiles.first({ id: profileId, verified: true }), (profile) => profile?.slug ?? null),
    scheduleCheck: stored.scheduleCheck,
    holdsCheck: stored.holdsCheck,
    settleCheck: stored.settleCheck,
    // Read when a rule re-renders, not with the unit (the database may make it then: see sqliteArticlesUnit).
    get answers() {
      return stored.answers;
    },
    claim: (profileId, articleId) =>
      mapStep(articles.first({ id: articleId, profileId }), (found) => (found ? storedClaimOf(found) : null)),
    claimsAt: (canonicalUrl) => mapStep(articles.all({ canonicalUrl }), (found) => found.map(storedClaimOf)),
    provenClaimsOf: (profileId) => mapStep(articles.all({ profileId, proven: true }), (found) => found.map(storedClaimOf)),
    // SQLite: inside the transaction the rule's check of the address holds. MongoDB: the profile listed the address
    // meanwhile, and the unique index on profile and address refuses the second.
    insertArticle: (profileId, canonicalUrl, fields) =>
      unlessTaken(
        () =>
          mapStep(
            articles.insert({ profileId, ...writtenFields({ ...fields, canonicalUrl }) } as NewArticleDocument),
            (inserted): number | null => inserted.id,
          ),
        () => null,
      ),
    // The webhook events, when the article starts or stops counting, are written with it. The owner is set again
    // as it is so that a refused new address names the index (profile and address) that refused it.
    writeArticle: (claim, fields, events) =>
      unlessTaken(
        () =>
          mapStep(
            articles.updateFirst(
              { id: claim.id, profileId: claim.profileId },
              { profileId: claim.profileId, ...writtenFields(fields) },
              events,
            ),
            () => true,
          ),
        () => false,
      ),
    appendHistory: ({ profileId, actor, action, note }, now) =>
      mapStep(history.insert({ profileId, actor, action, note, at: now }), () => undefined),
  };
}

/**
 * The articles' reads over the generic documents, and the database's unit of write (its inOneWrite) in which the
 * rules run.
 */
export class DocumentArticles implements ArticlesStore {
  constructor(
    private readonly articles: Documents<ArticleDocument, NewArticleDocument>,
    private readonly stored: Pick<ArticlesStore, 'inOneWrite'>,
  ) {}

  async list(profileId: number): Promise<Article[]> {
    return (await this.articles.all({ profileId }, newestFirst)).map(articleOf);
  }

  async claimsOf(profileId: number): Promise<ArticleClaim[]> {
    return (await this.articles.all({ profileId }, newestFirst)).map(claimOf);
  }

  async latest(profileId: number, limit: number): Promise<Article[]> {
    return (await this.articles.all({ profileId, active: true }, { ...newestFirst, limit })).map(articleOf);
  }

  async find(profileId: number, articleId: number): Promise<Article | null> {
    const found = await this.articles.first({ id: articleId, profileId });
    return found ? articleOf(found) : null;
  }

  /** The profiles that have the address proven, in credit order. */
  async provenBy(canonicalUrl: string): Promise<number[]> {
    return (await this.articles.all({ canonicalUrl, proven: true }, { by: ['creditOrder'] })).map((found) => found.profileId);
  }

  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T> {
    return this.stored.inOneWrite(steps);
  }
}
