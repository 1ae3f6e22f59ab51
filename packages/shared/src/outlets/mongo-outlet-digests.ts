import type { MongoDatabase } from '../database/mongo-database';
import { collectionOf } from '../store/mongo/mongo-schema';
import { toArticle, toProfile } from '../store/mongo/profile-derived-fields';
import { DIGEST_SCAN, DIGEST_SIZE, onDomains, type OutletDigest, type OutletDigests } from './outlet-digests-repository';

/** Outlet digests in MongoDB: the active staff, their verified profiles, then their latest active articles. */
export class MongoOutletDigests implements OutletDigests {
  constructor(private readonly database: MongoDatabase) {}

  digestOf(publisherId: number): Promise<OutletDigest> {
    return this.database.run(async () => {
      const db = this.database.db;
      const domains = (
        await collectionOf(db, 'publisherDomains')
          .find({ publisher_id: publisherId, state: 'proven' }, { projection: { domain: 1 } })
          .toArray()
      ).map((doc) => doc.domain);
      const staff = await collectionOf(db, 'publisherStaff')
        .find({ publisher_id: publisherId, state: 'active' }, { projection: { profile_id: 1 } })
        .sort({ accepted_at: -1, _id: -1 })
        .toArray();
      const order = staff.map((affiliation) => affiliation.profile_id!);
      const verified = await collectionOf(db, 'profiles')
        .find({ _id: { $in: order }, verified: true })
        .toArray();
      const byId = new Map(verified.map((doc) => [doc._id, doc]));
      const journalists = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])).slice(0, DIGEST_SIZE);
      const candidates = await collectionOf(db, 'articles')
        .find({ profile_id: { $in: [...byId.keys()] }, active: true }, { projection: { canonical_url: 1 } })
        .sort({ published_at: -1, _id: -1 })
        .limit(DIGEST_SCAN)
        .toArray();
      const chosen = candidates.filter((doc) => onDomains(doc.canonical_url, domains)).slice(0, DIGEST_SIZE);
      const docs = new Map(
        (
          await collectionOf(db, 'articles')
            .find({ _id: { $in: chosen.map((doc) => doc._id) } })
            .toArray()
        ).map((doc) => [doc._id, doc]),
      );
      return {
        journalists: journalists.map(toProfile),
        articles: chosen.map(({ _id }) => {
          const doc = docs.get(_id)!;
          return { article: toArticle(doc), authorSlug: byId.get(doc.profile_id)!.slug };
        }),
      };
    });
  }
}
