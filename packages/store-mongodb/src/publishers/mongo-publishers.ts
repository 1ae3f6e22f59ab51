import type { Db } from 'mongodb';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { MongoDatabase } from '../store/mongo-database';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { hostSuffixes } from '@byline/domain/publishers/host-suffixes';
import { domainIdOf, toDomain, toEvent, toPublisher, type PublisherDoc } from './mongo-publisher-docs';
import { insertEvent, mongoPublishersUnit } from './mongo-publishers-unit';
import type {
  EventEntry,
  NewPublisher,
  OutletMatch,
  Publisher,
  PublisherDomain,
  PublisherEvent,
  PublisherMatch,
} from '@byline/domain/publishers/publishers-repository';
import type { PublishersStore } from '@byline/domain/publishers/publishers-store';
import type { PublishersUnitOfWrite } from '@byline/domain/publishers/publishers-unit';

/**
 * Publishers in MongoDB: collections publishers, publisher_domains and publisher_events. No transactions (FerretDB
 * 1.x): each change is single-document writes in the order its rule names (publisher-changes.ts). A proof is one
 * write, refused by the unique index on `proven_domain` while another publisher holds the domain.
 */
export class MongoPublishers implements PublishersStore {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }
  private get publishers() {
    return collectionOf(this.db, 'publishers');
  }
  private get domains() {
    return collectionOf(this.db, 'publisherDomains');
  }

  create({ slug, name, logoUrl = null, adminUserId = null }: NewPublisher, actor: string, at: Date): Promise<Publisher | null> {
    const when = at.toISOString();
    return this.database.run(async () => {
      const created = await withNewIds(this.db, COLLECTIONS.publishers, async () => {
        if (await this.publishers.findOne({ slug }, { projection: { _id: 1 } })) return { count: 0, write: async () => null };
        return {
          count: 1,
          write: async (id: number) => {
            const doc: PublisherDoc = {
              _id: id,
              slug,
              name,
              logo_url: logoUrl,
              verified_at: null,
              verified_by: null,
              admin_user_id: adminUserId,
              attribution: true,
              trust: null,
              created_at: when,
              updated_at: when,
            };
            await this.publishers.insertOne(doc);
            return doc;
          },
        };
      });
      if (!created) return null;
      await insertEvent(this.db, created._id, { actor, action: 'created', note: name }, when);
      return toPublisher(created);
    });
  }

  findBySlug(slug: string): Promise<Publisher | null> {
    return this.database.run(async () => {
      const doc = await this.publishers.findOne({ slug });
      return doc ? toPublisher(doc) : null;
    });
  }

  findById(id: number): Promise<Publisher | null> {
    return this.database.run(async () => {
      const doc = await this.publishers.findOne({ _id: id });
      return doc ? toPublisher(doc) : null;
    });
  }

  list(): Promise<Publisher[]> {
    return this.database.run(async () => (await this.publishers.find({}).sort({ slug: 1 }).toArray()).map(toPublisher));
  }

  administeredBy(userId: number): Promise<Publisher[]> {
    return this.database.run(async () =>
      (await this.publishers.find({ admin_user_id: userId }).sort({ slug: 1 }).toArray()).map(toPublisher),
    );
  }

  forgetAdmin(userId: number, at: Date): Promise<number> {
    return this.database.run(async () => {
      const updated = await this.publishers.updateMany(
        { admin_user_id: userId },
        { $set: { admin_user_id: null, updated_at: at.toISOString() } },
      );
      return updated.modifiedCount;
    });
  }

  inOneWrite<T>(steps: (unit: PublishersUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoPublishersUnit(this.db))));
  }

  domainsOf(publisherId: number): Promise<PublisherDomain[]> {
    return this.database.run(async () =>
      (await this.domains.find({ publisher_id: publisherId }).sort({ domain: 1 }).toArray()).map(toDomain),
    );
  }

  findDomain(publisherId: number, domain: string): Promise<PublisherDomain | null> {
    return this.database.run(async () => {
      const doc = await this.domains.findOne({ _id: domainIdOf(publisherId, domain) });
      return doc ? toDomain(doc) : null;
    });
  }

  outletFor(host: string): Promise<OutletMatch | null> {
    return this.database.run(async () => {
      const found = await this.closestVerifiedDomain(host);
      if (!found) return null;
      const { domain, publisher } = found;
      const { rendered } = domain;
      return {
        publisherId: publisher._id,
        attribution: publisher.attribution,
        rendered: rendered
          ? {
              domainInfo: { json: rendered.info, etag: rendered.info_tag },
              outlet: { json: rendered.outlet, etag: rendered.outlet_tag },
            }
          : null,
      };
    });
  }

  matchHost(host: string): Promise<PublisherMatch | null> {
    return this.database.run(async () => {
      const found = await this.closestVerifiedDomain(host);
      return found ? { publisher: toPublisher(found.publisher), domain: toDomain(found.domain) } : null;
    });
  }

  /** The proven domain covering `host` whose publisher is verified, the closest (longest) first, with its publisher. */
  private async closestVerifiedDomain(host: string) {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return null;
    const candidates = await this.domains.find({ proven_domain: { $in: suffixes } }).toArray();
    candidates.sort((a, b) => b.domain.length - a.domain.length);
    for (const domain of candidates) {
      const publisher = await this.publishers.findOne({ _id: domain.publisher_id, verified_at: { $ne: null } });
      if (publisher) return { domain, publisher };
    }
    return null;
  }

  recordEvent(publisherId: number, entry: EventEntry, at: Date): Promise<boolean> {
    return this.database.run(async () => {
      if (!(await this.publishers.findOne({ _id: publisherId }, { projection: { _id: 1 } }))) return false;
      await insertEvent(this.db, publisherId, entry, at.toISOString());
      return true;
    });
  }

  /**
   * The publisher first (its page and every list lose it at once), then its domains and its history: an interruption
   * leaves only documents nothing reads (none proven, so none matches a host) for a second deletion to miss.
   */
  delete(publisherId: number): Promise<boolean> {
    return this.database.run(async () => {
      // Verified since the caller looked: lookups name it now, so it stays (checked before its answers are forgotten).
      if (!(await this.publishers.findOne({ _id: publisherId, verified_at: null }, { projection: { _id: 1 } }))) return false;
      const unit = mongoPublishersUnit(this.db);
      await unit.takeOutOfService(publisherId, await unit.staffOf(publisherId, 'active'));
      const removed = await this.publishers.deleteOne({ _id: publisherId, verified_at: null });
      if (removed.deletedCount === 0) return false;
      await this.domains.deleteMany({ publisher_id: publisherId });
      await collectionOf(this.db, 'publisherEvents').deleteMany({ publisher_id: publisherId });
      return true;
    });
  }

  historyOf(publisherId: number): Promise<PublisherEvent[]> {
    return this.database.run(async () =>
      (await collectionOf(this.db, 'publisherEvents').find({ publisher_id: publisherId }).sort({ _id: -1 }).toArray()).map(
        toEvent,
      ),
    );
  }
}
