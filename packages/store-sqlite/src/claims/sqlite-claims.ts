import type { SqliteDatabase } from '../store/sqlite-database';
import type { Claim, ClaimKind } from '@byline/domain/proofs/claims';
import { readClaimsOf, readLiveClaimsOfKey, SqliteClaimsUnit } from './sqlite-claims-unit';
import type { ClaimsRepository, ClaimsUnitOfWrite } from '@byline/domain/claims/claims-repository';
import { runNow, type Steps } from '@byline/domain/store/steps';

/** The claims repository on the embedded store's connection: a rule's steps run synchronously in one transaction. */
export class SqliteClaims implements ClaimsRepository {
  constructor(private readonly database: SqliteDatabase) {}

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.database.read((db) => readClaimsOf(db, profileId));
  }

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.database.read((db) => readLiveClaimsOfKey(db, kind, key));
  }

  inOneWrite<T>(steps: (unit: ClaimsUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(new SqliteClaimsUnit(db))));
  }

  async close(): Promise<void> {
    // The connection is the store's, which closes it.
  }
}
