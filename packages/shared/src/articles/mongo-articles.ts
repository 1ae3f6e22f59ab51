import type { Db } from 'mongodb';
import type { MongoDatabase } from '../database/mongo-database';
import { pushEvents } from '../webhook-events/mongo-outbox';
import { articleCountEvents } from '../webhook-events/webhook-event';
import { runInTurn, type Steps } from '../database/steps';
import type { Article, ArticleInput } from '../domain/types';
import type { HistoryEntry } from '../claims/claims-repository';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import { withNewIds } from '../store/mongo/mongo-ids';
import { COLLECTIONS, collectionOf, type ArticleDoc } from '../store/mongo/mongo-schema';
import { insertAudit } from '../store/mongo/mongo-verification-records';
import { toArticle } from '../store/mongo/profile-derived-fields';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { canonicalizeUrl } from '../url/canonical-url';
import { enqueueIn, settleIn } from '../queue/mongo-leased-queue';
import { articleCheckItemOf } from './article-check-item';
import { claimedProof, type ArticleClaim, type ArticleProof } from './article-proof';
import {
  ArticleTakenError,
  type Articles,
  type ArticlesUnitOfWrite,
  type ProofGuard,
  type StoredArticleClaim,
} from './articles-repository';

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

/*
 * Articles: the article write, then a recount of the profile's active articles and its answers (rerenderInTurn).
 * Interrupted in between, the count lags until the profile's next article change; the unique indexes refuse an
 * address this profile lists already, or one proven elsewhere, when another writer took it meanwhile.
 */
export class MongoArticles implements Articles {
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

  /**
   * ArticleTakenError when this profile lists the address already (unless its claim was released) or another
   * profile has it proven; returns this profile's released article at the address, if any.
   */
  private async refuseTakenAddress(
    canonical: string,
    profileId: number,
    ownArticleId: number | null,
  ): Promise<ArticleDoc | null> {
    let released: ArticleDoc | null = null;
    for (const doc of await this.articles.find({ canonical_url: canonical }).toArray()) {
      if (doc._id === ownArticleId) continue;
      if (doc.profile_id === profileId) {
        if (proofOf(doc).state !== 'released' || ownArticleId !== null) throw new ArticleTakenError(true);
        released = doc;
      } else if (proofOf(doc).state === 'proven') throw new ArticleTakenError(false);
    }
    return released;
  }

  async add(profileId: number, article: ArticleInput): Promise<ArticleClaim> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.run(async () => {
      const fields = { active: false, published_at: article.published_at, article, proven: false, proof: claimedProof() };
      const doc = await withNewIds(this.database.db, COLLECTIONS.articles, async () => {
        const released = await this.refuseTakenAddress(canonical, profileId, null);
        return {
          count: released ? 0 : 1,
          write: async (id) => {
            if (released) {
              // Released to another profile once, listed again: a new claim on the same document.
              await this.articles.updateOne({ _id: released._id }, { $set: fields, $unset: { proven_url: '' } });
              return { ...released, ...fields };
            }
            const doc: ArticleDoc = { _id: id, profile_id: profileId, canonical_url: canonical, ...fields };
            await this.articles.insertOne(doc);
            return doc;
          },
        };
      });
      return claimOf(doc);
    });
  }

  async update(profileId: number, articleId: number, article: ArticleInput): Promise<boolean> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.run(async () => {
      const doc = await this.articles.findOne({ _id: articleId, profile_id: profileId });
      if (!doc) return false;
      const proven = proofOf(doc).state === 'proven';
      const same = doc.canonical_url === canonical;
      // The webhook event, when the article starts or stops counting, rides on the update (see mongo-outbox.ts).
      const events = same
        ? articleCountEvents(canonical, doc.active, proven && article.active)
        : articleCountEvents(doc.canonical_url, doc.active, false);
      if (!same) await this.refuseTakenAddress(canonical, profileId, articleId);
      try {
        await this.articles.updateOne(
          { _id: articleId, profile_id: profileId },
          same
            ? { $set: { active: proven && article.active, published_at: article.published_at, article }, ...pushEvents(events) }
            : {
                ...pushEvents(events),
                // A new address is a new claim: its proof starts again.
                $set: {
                  canonical_url: canonical,
                  active: false,
                  published_at: article.published_at,
                  article,
                  proven: false,
                  proof: claimedProof(),
                },
                $unset: { proven_url: '' },
              },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.refuseTakenAddress(canonical, profileId, articleId);
        throw error;
      }
      await rerenderInTurn(this.database.db, [profileId]);
      return true;
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
    writeProof: async (claim, proof, guard) => {
      // The webhook event, when the article starts or stops counting, rides on the proof's own update.
      const counted = claim.proof.state === 'proven' && claim.listedActive;
      const proven = proof.state === 'proven';
      const events = pushEvents(articleCountEvents(claim.canonicalUrl, counted, proven && claim.listedActive));
      const filter = { _id: claim.id, ...(guard && unchangedSince(claim.proof, guard)) };
      if (!proven) {
        const { matchedCount } = await articles.updateOne(filter, {
          $set: { proven: false, active: false, proof },
          $unset: { proven_url: '' },
          ...events,
        });
        return !guard || matchedCount > 0;
      }
      try {
        const set = { proven: true, proven_url: claim.canonicalUrl, active: claim.listedActive, proof };
        const { matchedCount } = await articles.updateOne(filter, { $set: set, ...events });
        return !guard || matchedCount > 0;
      } catch (error) {
        if (isDuplicateKey(error)) return false; // another profile's article at the address is proven
        throw error;
      }
    },
    appendHistory: ({ profileId, actor, action, note }: HistoryEntry, now: string) =>
      insertAudit(db, { profile_id: profileId, actor, action, note, at: now }),
    rerender: (profileIds) => rerenderInTurn(db, profileIds),
    // Each its own single-document write, in the order the rule gives (see prove-article.ts, record-article-check.ts).
    scheduleCheck: async (claim, dueAt) => void (await enqueueIn(db, articleCheckItemOf(claim, dueAt))),
    holdsCheck: async (itemId, holder) =>
      (await collectionOf(db, 'queueItems').findOne({ _id: itemId }, { projection: { holder: 1 } }))?.holder === holder,
    settleCheck: (itemId, holder, next, at) => settleIn(db, itemId, holder, next, at),
  };
}
