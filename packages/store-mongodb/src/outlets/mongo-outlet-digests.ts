import type { MongoDatabase } from '../store/mongo-database';
import type { OutletDigest, OutletDigests } from '@byline/domain/outlets/outlet-digests-repository';
import { readDigestOf } from './mongo-outlets-unit';

/** Outlet digests in MongoDB, read live (see readDigestOf). */
export class MongoOutletDigests implements OutletDigests {
  constructor(private readonly database: MongoDatabase) {}

  digestOf(publisherId: number): Promise<OutletDigest> {
    return this.database.run(() => readDigestOf(this.database.db, publisherId));
  }
}
