import type { MongoDatabase } from '../store/mongo-database';
import type { Claim, ClaimKind } from '@byline/domain/proofs/claims';
import { MongoClaimsUnit, readClaimsOf, readLiveClaimsOfKey } from './mongo-claims-unit';
import type { ClaimsRepository, ClaimsUnitOfWrite } from '@byline/domain/claims/claims-repository';
import { runInTurn, type Steps } from '@byline/domain/store/steps';

/** The claims repository on MongoDB: a rule's steps are single-document writes awaited in the rule's order. */
export class MongoClaims implements ClaimsRepository {
  constructor(private readonly database: MongoDatabase) {}

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.database.run(() => readClaimsOf(this.database.db, profileId));
  }

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.database.run(() => readLiveClaimsOfKey(this.database.db, kind, key));
  }

  inOneWrite<T>(steps: (unit: ClaimsUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(new MongoClaimsUnit(this.database.db))));
  }

  async close(): Promise<void> {
    // The client is the store's, which closes it.
  }
}
