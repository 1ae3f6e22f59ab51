import type { MongoDatabase } from '../../database/mongo-database';
import type { Db } from 'mongodb';
import type { Article, ArticleInput, Profile } from '../../domain/types';
import { canonicalizeUrl } from '../../url/canonical-url';
import type { AuditRecord } from '../../audit/audit-repository';
import type { PortalStore, ProfileFields, VerificationDecision, VerificationRequest } from '../portal-store';
import { ArticleTakenError } from '../portal-store';
import { isDuplicateKey } from './mongo-errors';
import { withNewIds } from './mongo-ids';
import { insertAudit, openPendingRequest } from './mongo-verification-records';
import { refreshDerivedFields, toArticle, toProfile } from './profile-derived-fields';
import { saveProfile } from './mongo-portal-profile';
import { COLLECTIONS, collectionOf, type ArticleDoc, type VerificationRequestDoc } from './mongo-schema';

const toRequest = (doc: VerificationRequestDoc): VerificationRequest => ({
  id: doc._id,
  profileId: doc.profile_id,
  requestedBy: doc.requested_by,
  requestedAt: doc.requested_at,
  status: doc.status,
});

/**
 * The portal's MongoDB store (also FerretDB 1.x). It shares the MongoStore's client and database, so
 * profiles, articles and handles are the very documents the verifiers read; close() leaves the client to
 * the MongoStore. There are no multi-document transactions: where the embedded store writes several rows
 * at once, the single-document writes here are ordered so an interruption leaves a safe state, described
 * beside each. Driver outages become StoreUnavailableError.
 */
export class MongoPortalStore implements PortalStore {
  constructor(private readonly store: MongoDatabase) {}

  private get db(): Db {
    return this.store.db;
  }
  private get profiles() {
    return collectionOf(this.db, 'profiles');
  }
  private get articles() {
    return collectionOf(this.db, 'articles');
  }
  private get requests() {
    return collectionOf(this.db, 'verificationRequests');
  }

  /** The MongoStore's schema step (indexes, portal ones included) done, then the work; outages → StoreUnavailableError. */
  private run<T>(work: () => Promise<T>): Promise<T> {
    return this.store.run(work);
  }

  async close(): Promise<void> {
    // The client belongs to the MongoStore, which closes it.
  }

  findProfileById(profileId: number): Promise<Profile | null> {
    return this.run(async () => {
      const doc = await this.profiles.findOne({ _id: profileId });
      return doc ? toProfile(doc) : null;
    });
  }

  findProfileBySlug(slug: string): Promise<Profile | null> {
    return this.run(async () => {
      const doc = await this.profiles.findOne({ slug });
      return doc ? toProfile(doc) : null;
    });
  }

  saveProfile(userId: number, fields: ProfileFields, slugBase: string): Promise<Profile> {
    return this.run(async () => {
      const id = await saveProfile(this.db, userId, fields, slugBase);
      return toProfile((await this.profiles.findOne({ _id: id }))!);
    });
  }

  listArticles(profileId: number): Promise<Article[]> {
    return this.run(async () =>
      (await this.articles.find({ profile_id: profileId }).sort({ published_at: -1, _id: -1 }).toArray()).map(toArticle),
    );
  }

  latestArticles(profileId: number, limit: number): Promise<Article[]> {
    return this.run(async () =>
      (
        await this.articles
          .find({ profile_id: profileId, active: true })
          .sort({ published_at: -1, _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toArticle),
    );
  }

  findArticle(profileId: number, articleId: number): Promise<Article | null> {
    return this.run(async () => {
      const doc = await this.articles.findOne({ _id: articleId, profile_id: profileId });
      return doc ? toArticle(doc) : null;
    });
  }

  /** ArticleTakenError when another article has this canonical address. */
  private async refuseTakenAddress(canonical: string, profileId: number, ownArticleId: number | null): Promise<void> {
    const holder = await this.articles.findOne({ canonical_url: canonical }, { projection: { _id: 1, profile_id: 1 } });
    if (holder && holder._id !== ownArticleId) throw new ArticleTakenError(holder.profile_id === profileId);
  }

  /*
   * Articles: the article write, then a recount of the profile's active articles from the articles
   * collection (as the import does). Interrupted in between, the count lags until the profile's next
   * article change; the unique canonical-address index refuses an address another writer took meanwhile.
   */
  addArticle(profileId: number, article: ArticleInput): Promise<Article> {
    const canonical = canonicalizeUrl(article.link);
    return this.run(async () => {
      const doc = await withNewIds(this.db, COLLECTIONS.articles, async () => {
        await this.refuseTakenAddress(canonical, profileId, null);
        return {
          count: 1,
          write: async (id) => {
            const doc: ArticleDoc = {
              _id: id,
              profile_id: profileId,
              canonical_url: canonical,
              active: article.active,
              published_at: article.published_at,
              article,
            };
            await this.articles.insertOne(doc);
            return doc;
          },
        };
      });
      await refreshDerivedFields(this.db, [profileId]);
      return toArticle(doc);
    });
  }

  updateArticle(profileId: number, articleId: number, article: ArticleInput): Promise<boolean> {
    const canonical = canonicalizeUrl(article.link);
    return this.run(async () => {
      await this.refuseTakenAddress(canonical, profileId, articleId);
      let matched: number;
      try {
        const set = { canonical_url: canonical, active: article.active, published_at: article.published_at, article };
        matched = (await this.articles.updateOne({ _id: articleId, profile_id: profileId }, { $set: set })).matchedCount;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.refuseTakenAddress(canonical, profileId, articleId);
        throw error;
      }
      await refreshDerivedFields(this.db, [profileId]);
      return matched > 0;
    });
  }

  /*
   * The request first, then its "requested" audit record: of two concurrent requests only the one the
   * unique pending index accepts is audited. Interrupted in between, the request is pending (editors see
   * it) without its "requested" line in the history.
   */
  requestVerification(profileId: number, requestedBy: string): Promise<VerificationRequest> {
    return this.run(async () => {
      const request = await openPendingRequest(this.db, profileId, requestedBy, new Date().toISOString());
      if (request.opened) {
        await insertAudit(this.db, {
          profile_id: profileId,
          actor: requestedBy,
          action: 'requested',
          note: '',
          at: request.doc.requested_at,
        });
      }
      return toRequest(request.doc);
    });
  }

  pendingRequest(profileId: number): Promise<VerificationRequest | null> {
    return this.run(async () => {
      const doc = await this.requests.findOne({ open_for: profileId });
      return doc ? toRequest(doc) : null;
    });
  }

  pendingRequests(): Promise<VerificationRequest[]> {
    return this.run(async () =>
      (await this.requests.find({ status: 'pending' }).sort({ requested_at: 1, _id: 1 }).toArray()).map(toRequest),
    );
  }

  /*
   * Three single-document writes, in this order: the audit record, the verified flag, closing the pending
   * request. Interrupted after the audit record, the history shows a decision whose flag did not change
   * (the request is still in the queue, so an editor decides again); after the flag, the request stays in
   * the queue though decided (deciding again is harmless). No interruption changes the flag unaudited.
   */
  decideVerification({ profileId, actor, action, note }: VerificationDecision): Promise<boolean> {
    return this.run(async () => {
      if ((await this.profiles.countDocuments({ _id: profileId }, { limit: 1 })) === 0) return false;
      const verified = action === 'verified';
      await insertAudit(this.db, { profile_id: profileId, actor, action, note, at: new Date().toISOString() });
      await this.profiles.updateOne({ _id: profileId }, { $set: { verified } });
      const pending = await this.requests.findOne({ open_for: profileId });
      if (pending) {
        await this.requests.updateOne(
          { _id: pending._id, open_for: profileId },
          { $set: { status: verified ? 'approved' : 'rejected', open_for: -pending._id } },
        );
      }
      return true;
    });
  }

  /*
   * Three single-document writes, in this order: the verified flag off, the audit record, the pending request.
   * The flag goes first so that no interruption leaves verified a profile that has lost its last proof: cut
   * short after it, the profile is unverified with no line in its history or no request in the queue (its owner
   * can ask again); after the audit record, it is unverified and its history says why.
   */
  returnToQueue({ profileId, actor, action, note }: Omit<AuditRecord, 'id' | 'at'>): Promise<boolean> {
    return this.run(async () => {
      const at = new Date().toISOString();
      if ((await this.profiles.updateOne({ _id: profileId }, { $set: { verified: false } })).matchedCount === 0) return false;
      await insertAudit(this.db, { profile_id: profileId, actor, action, note, at });
      await openPendingRequest(this.db, profileId, actor, at);
      return true;
    });
  }
}
