import type { MongoDatabase } from '../store/mongo-database';
import type { Claim, ClaimKind } from '@byline/domain/proofs/claims';
import { claimDocumentsOf, mongoClaimsUnit } from './mongo-claims-unit';
import type { ClaimsRepository, ClaimsUnitOfWrite } from '@byline/domain/claims/claims-repository';
import { claimsOfKeySteps, claimsOfSteps } from '@byline/domain/claims/claim-documents';
import { runInTurn, type Steps } from '@byline/domain/store/steps';

/** The claims repository on MongoDB: a rule's steps are single-document writes awaited in the rule's order. */
export class MongoClaims implements ClaimsRepository {
  constructor(private readonly database: MongoDatabase) {}

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.database.run(() => runInTurn(claimsOfSteps(claimDocumentsOf(this.database), profileId)));
  }

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.database.run(() => runInTurn(claimsOfKeySteps(claimDocumentsOf(this.database), kind, key)));
  }

  inOneWrite<T>(steps: (unit: ClaimsUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoClaimsUnit(this.database.db))));
  }

  async close(): Promise<void> {
    // The client is the store's, which closes it.
  }
}
