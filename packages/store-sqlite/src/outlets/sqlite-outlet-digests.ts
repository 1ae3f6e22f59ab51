import type { SqliteDatabase } from '../store/sqlite-database';
import type { OutletDigest, OutletDigests } from '@byline/domain/outlets/outlet-digests-repository';
import { readDigestOf } from './sqlite-outlets-unit';

/** Outlet digests in the embedded store, read live on the lookups' connection (see SqliteDatabase.lookup). */
export class SqliteOutletDigests implements OutletDigests {
  constructor(private readonly database: SqliteDatabase) {}

  digestOf(publisherId: number): Promise<OutletDigest> {
    return this.database.lookup(() => readDigestOf(this.database.lookupConnection, publisherId));
  }
}
