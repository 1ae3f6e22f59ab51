import type { MongoDatabase } from '../../database/mongo-database';
import type { Db } from 'mongodb';
import type { Claim } from '../claims';
import type { CheckOutcome, ClaimStore, DueCheck, DueChecksQuery, RecheckPolicy, RecordCheckResult } from '../claim-store';
import type { ProofAttempt, ProofAttemptStore, TakenAttempt } from '../proof-attempts';
import { readClaimsOf } from './mongo-claims';
import { createProofAttempt, takeProofAttempt } from './mongo-proof-attempts';
import { countLeasedElsewhereNow, recordCheckNow, takeDueChecksNow } from './mongo-rechecks';

/**
 * The MongoDB ClaimStore (and ProofAttemptStore), also on FerretDB 1.x. It shares the MongoStore's client and
 * database, so claims and the handle lookup index are the documents the verifiers read; close() leaves the
 * client to the MongoStore. Writes are ordered single-document steps that fail closed; driver outages become
 * StoreUnavailableError.
 */
export class MongoClaimStore implements ClaimStore, ProofAttemptStore {
  constructor(private readonly store: MongoDatabase) {}

  private get db(): Db {
    return this.store.db;
  }

  /** The MongoStore's schema step done, then the work; outages → StoreUnavailableError. */
  private run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.store.run(() => work(this.db));
  }

  async close(): Promise<void> {
    // The client belongs to the MongoStore, which closes it.
  }

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.run((db) => readClaimsOf(db, profileId));
  }

  takeDueChecks(options: DueChecksQuery & { leaseMs: number; limit: number }): Promise<DueCheck[]> {
    return this.run((db) => takeDueChecksNow(db, options));
  }

  countLeasedElsewhere(query: DueChecksQuery): Promise<number> {
    return this.run((db) => countLeasedElsewhereNow(db, query));
  }

  recordCheck(check: {
    evidenceId: number;
    holder: string;
    outcome: CheckOutcome;
    now: Date;
    policy: RecheckPolicy;
  }): Promise<RecordCheckResult> {
    return this.run((db) => recordCheckNow(db, check));
  }

  createProofAttempt(attempt: ProofAttempt): Promise<void> {
    return this.run((db) => createProofAttempt(db, attempt));
  }

  takeProofAttempt(stateHash: string, now: Date): Promise<TakenAttempt> {
    return this.run((db) => takeProofAttempt(db, stateHash, now));
  }
}
