import type { MongoDatabase } from '../../database/mongo-database';
import type { Db } from 'mongodb';
import type { Claim, ClaimKind } from '../claims';
import type { ClaimStore, ProofToRecord, ProveResult } from '../claim-store';
import { normalClaimValue, wantedClaims } from '../claim-values';
import { readClaimsOf, readLiveClaimsOfKey } from './mongo-claims';
import { moveProvenClaimNow, recordProofNow, setClaimsNow } from './mongo-claim-writes';
import { scheduleRecheckIn } from '../../recheck/mongo-recheck-records';

/**
 * The MongoDB ClaimStore, also on FerretDB 1.x. It shares the MongoStore's client and database, so claims and
 * the handle lookup index are the documents the verifiers read; close() leaves the client to the MongoStore. Writes are ordered single-document steps that fail closed (see mongo-claims.ts);
 * driver outages become StoreUnavailableError.
 */
export class MongoClaimStore implements ClaimStore {
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

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.run((db) => readLiveClaimsOfKey(db, kind, key));
  }

  setClaims(profileId: number, values: Partial<Record<ClaimKind, string[]>>): Promise<Claim[]> {
    const wanted = wantedClaims(values);
    return this.run(async (db) => {
      await setClaimsNow(db, profileId, wanted, new Date().toISOString());
      return readClaimsOf(db, profileId);
    });
  }

  recordProof(proof: ProofToRecord): Promise<ProveResult> {
    const value = normalClaimValue(proof.kind, proof.value);
    return this.run(async (db) => {
      const result = await recordProofNow(db, { ...proof, value }, new Date().toISOString());
      // Its re-checks, if any (see scheduleRecheckIn for where this belongs once proving is a use case).
      if (result.ok) await scheduleRecheckIn(db, result.claim);
      return result;
    });
  }

  moveProvenClaim(move: Parameters<ClaimStore['moveProvenClaim']>[0]): Promise<ProveResult> {
    return this.run((db) => moveProvenClaimNow(db, move, new Date().toISOString()));
  }
}
