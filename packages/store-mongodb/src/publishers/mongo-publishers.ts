import type { Db } from 'mongodb';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { outOfServiceWithStaff } from '@byline/domain/publishers/publisher-changes';
import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import { documentOf } from '../documents/mongo-documents';
import { hostSuffixes } from '@byline/domain/publishers/host-suffixes';
import type { OutletMatch, PublisherMatch } from '@byline/domain/publishers/publishers-repository';
import type { StoredPublishers, StoredPublishersUnit } from '@byline/domain/publishers/publisher-documents';
import { PUBLISHER_DOMAINS_COLLECTION, PUBLISHERS_COLLECTION } from './mongo-publisher-collections';
import { mongoPublishersUnit } from './mongo-publishers-unit';

/**
 * What MongoDB keeps of the publishers by hand (see StoredPublishers). No transactions (FerretDB 1.x): the unit of
 * write runs each step in turn, in the order its rule names (publisher-changes.ts). A proof is one write, refused by
 * the unique index on `proven_domain` while another publisher holds the domain.
 */
export class MongoStoredPublishers implements StoredPublishers {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }

  inOneWrite<T>(steps: (unit: StoredPublishersUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoPublishersUnit(this.db))));
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
      if (!found) return null;
      return {
        publisher: documentOf(PUBLISHERS_COLLECTION, found.publisher),
        domain: documentOf(PUBLISHER_DOMAINS_COLLECTION, found.domain),
      };
    });
  }

  /** The proven domain covering `host` whose publisher is verified, the closest (longest) first, with its publisher. */
  private async closestVerifiedDomain(host: string) {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return null;
    const candidates = await collectionOf(this.db, 'publisherDomains')
      .find({ proven_domain: { $in: suffixes } })
      .toArray();
    candidates.sort((a, b) => b.domain.length - a.domain.length);
    for (const domain of candidates) {
      const publisher = await collectionOf(this.db, 'publishers').findOne({
        _id: domain.publisher_id,
        verified_at: { $ne: null },
      });
      if (publisher) return { domain, publisher };
    }
    return null;
  }

  /**
   * The publisher first (its page and every list lose it at once), then its domains and its history: an interruption
   * leaves only documents nothing reads (none proven, so none matches a host) for a second deletion to miss.
   */
  delete(publisherId: number): Promise<boolean> {
    return this.database.run(async () => {
      const publishers = collectionOf(this.db, 'publishers');
      // Verified since the caller looked: lookups name it now, so it stays (checked before its answers are forgotten).
      if (!(await publishers.findOne({ _id: publisherId, verified_at: null }, { projection: { _id: 1 } }))) return false;
      const unit = mongoPublishersUnit(this.db);
      await runInTurn(outOfServiceWithStaff(unit, publisherId));
      const removed = await publishers.deleteOne({ _id: publisherId, verified_at: null });
      if (removed.deletedCount === 0) return false;
      await collectionOf(this.db, 'publisherDomains').deleteMany({ publisher_id: publisherId });
      await collectionOf(this.db, 'publisherEvents').deleteMany({ publisher_id: publisherId });
      return true;
    });
  }
}
