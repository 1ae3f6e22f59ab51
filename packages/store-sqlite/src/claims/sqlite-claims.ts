import type { SqliteDatabase } from '../store/sqlite-database';
import type { Claim, ClaimKind } from '@byline/domain/proofs/claims';
import { claimDocumentsOn, sqliteClaimsUnit } from './sqlite-claims-unit';
import type { ClaimsRepository, ClaimsUnitOfWrite } from '@byline/domain/claims/claims-repository';
import { claimsOfKeySteps, claimsOfSteps } from '@byline/domain/claims/claim-documents';
import { runNow, type Steps } from '@byline/domain/store/steps';

/** The claims repository on the embedded store's connection: a rule's steps run synchronously in one transaction. */
export class SqliteClaims implements ClaimsRepository {
  constructor(private readonly database: SqliteDatabase) {}

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.database.read((db) => runNow(claimsOfSteps(claimDocumentsOn(db), profileId)));
  }

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.database.read((db) => runNow(claimsOfKeySteps(claimDocumentsOn(db), kind, key)));
  }

  inOneWrite<T>(steps: (unit: ClaimsUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteClaimsUnit(db))));
  }

  async close(): Promise<void> {
    // The connection is the store's, which closes it.
  }
}
