import type { Db } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { Article } from '@byline/domain/domain/types';
import type { HistoryEntry } from '@byline/domain/claims/claims-repository';
import { isDuplicateKey } from '../store/mongo-errors';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type ArticleDoc } from '../store/mongo-schema';
import { insertAudit } from '../store/mongo-verification-records';
import { toArticle } from '../store/profile-derived-fields';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { enqueueIn, settleIn } from '../queue/mongo-leased-queue';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import type { ArticleClaim, ArticleProof } from '@byline/domain/articles/article-proof';
import type {
  ArticleFields,
  ArticlesUnitOfWrite,
  ProofGuard,
  StoredArticleClaim,
} from '@byline/domain/articles/articles-repository';
import type { ArticlesStore } from '@byline/domain/articles/articles-store';

/** Written before articles were claims and not yet migrated: it counted, so it was as good as proven. */
const proofOf = (doc: ArticleDoc): ArticleProof => doc.proof ?? { state: 'proven', reason: null, mention: null, evidence: [] };

const storedClaimOf = (doc: ArticleDoc): StoredArticleClaim => ({
  id: doc._id,
  profileId: doc.profile_id,
  canonicalUrl: doc.canonical_url,
  listedActive: doc.article.active,
  proof: proofOf(doc),
});

const claimOf = (doc: ArticleDoc): ArticleClaim => ({ article: toArticle(doc), proof: proofOf(doc) });

/** The articles collection, each document a profile's claim of an address with its proof (see article-changes.ts). */
export class MongoArticles implements ArticlesStore {
  constructor(private readonly database: MongoDatabase) {}

  private get articles() {
    return collectionOf(this.database.db, 'articles');
  }

  private all(profileId: number): Promise<ArticleDoc[]> {
    return this.articles.find({ profile_id: profileId }).sort({ published_at: -1, _id: -1 }).toArray();
  }

  list(profileId: number): Promise<Article[]> {
    return this.database.run(async () => (await this.all(profileId)).map(toArticle));
  }

  claimsOf(profileId: number): Promise<ArticleClaim[]> {
    return this.database.run(async () => (await this.all(profileId)).map(claimOf));
  }

  latest(profileId: number, limit: number): Promise<Article[]> {
    return this.database.run(async () =>
      (
        await this.articles
          .find({ profile_id: profileId, active: true })
          .sort({ published_at: -1, _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toArticle),
    );
  }

  find(profileId: number, articleId: number): Promise<Article | null> {
    return this.database.run(async () => {
      const doc = await this.articles.findOne({ _id: articleId, profile_id: profileId });
      return doc ? toArticle(doc) : null;
    });
  }

  provenBy(canonicalUrl: string): Promise<number[]> {
    return this.database.run(async () => {
      const proven = this.articles
        .find({ canonical_url: canonicalUrl, proven: true }, { projection: { profile_id: 1 } })
        .sort({ credit_order: 1, _id: 1 });
      return (await proven.toArray()).map((doc) => doc.profile_id);
    });
  }

  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoArticlesUnit(this.database.db))));
  }
}

/** The filter that matches the proof only as it was read (see ProofGuard). */
function unchangedSince(read: ArticleProof, { liveEvidence }: ProofGuard): Record<string, unknown> {
  const filter: Record<string, unknown> = { 'proof.state': read.state };
  for (const index of liveEvidence) filter[`proof.evidence.${index}.endedAt`] = null;
  return filter;
}

/** The update that writes these fields of the article (its proof and credit order when given). */
function articleUpdate({ article, active, canonicalUrl, proof, creditOrder }: ArticleFields) {
  return {
    $set: {
      active,
      published_at: article.published_at,
      article,
      ...(canonicalUrl !== undefined && { canonical_url: canonicalUrl }),
      ...(proof !== undefined && { proven: proof.state === 'proven', proof }),
      ...(creditOrder !== undefined && { credit_order: creditOrder }),
    },
  };
}

/** The articles' unit of write: each method its own single-document write, in the order the rule gives. */
export function mongoArticlesUnit(db: Db): ArticlesUnitOfWrite {
  const articles = collectionOf(db, 'articles');
  return {
    claim: async (profileId, articleId) => {
      const doc = await articles.findOne({ _id: articleId, profile_id: profileId });
      return doc ? storedClaimOf(doc) : null;
    },
    claimsAt: async (canonicalUrl) =>
      (await articles.find({ canonical_url: canonicalUrl }).sort({ _id: 1 }).toArray()).map(storedClaimOf),
    provenClaimsOf: async (profileId) =>
      (await articles.find({ profile_id: profileId, proven: true }).sort({ _id: 1 }).toArray()).map(storedClaimOf),
    insertArticle: async (profileId, canonicalUrl, fields) => {
      const { $set } = articleUpdate({ ...fields, canonicalUrl });
      try {
        return await withNewIds(db, COLLECTIONS.articles, async () => ({
          count: 1,
          write: async (id) => {
            await articles.insertOne({ _id: id, profile_id: profileId, canonical_url: canonicalUrl, ...$set });
            return id;
          },
        }));
      } catch (error) {
        if (isDuplicateKey(error)) return null; // the profile listed the address meanwhile
        throw error;
      }
    },
    writeArticle: async (claim, fields, events) => {
      // The webhook event, when the article starts or stops counting, rides on the article's own update.
      try {
        const update = { ...articleUpdate(fields), ...(events.length ? pushEvents(events) : {}) };
        await articles.updateOne({ _id: claim.id, profile_id: claim.profileId }, update);
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false; // the profile listed the new address meanwhile
        throw error;
      }
    },
    writeProof: async (claim, proof, { active, creditOrder, events }, guard) => {
      // The webhook event, when the article starts or stops counting, rides on the proof's own update.
      const filter = { _id: claim.id, ...(guard && unchangedSince(claim.proof, guard)) };
      const set = { proven: proof.state === 'proven', active, proof, credit_order: creditOrder };
      const { matchedCount } = await articles.updateOne(filter, { $set: set, ...pushEvents(events) });
      return !guard || matchedCount > 0;
    },
    verifiedSlugOf: async (profileId) =>
      (await collectionOf(db, 'profiles').findOne({ _id: profileId, verified: true }, { projection: { slug: 1 } }))?.slug ?? null,
    appendHistory: ({ profileId, actor, action, note }: HistoryEntry, now: string) =>
      insertAudit(db, { profile_id: profileId, actor, action, note, at: now }),
    get answers() {
      return mongoAnswersUnit(db);
    },
    // Each its own single-document write, in the order the rule gives (see prove-article.ts, record-article-check.ts).
    scheduleCheck: async (claim, dueAt) => void (await enqueueIn(db, articleCheckItemOf(claim, dueAt))),
    holdsCheck: async (itemId, holder) =>
      (await collectionOf(db, 'queueItems').findOne({ _id: itemId }, { projection: { holder: 1 } }))?.holder === holder,
    settleCheck: (itemId, holder, next, at) => settleIn(db, itemId, holder, next, at),
  };
}
