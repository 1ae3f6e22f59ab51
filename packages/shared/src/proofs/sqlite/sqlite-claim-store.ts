import Database from 'better-sqlite3';
import type { SocialType } from '../../domain/types';
import { HandleTakenError } from '../../profiles/profiles-repository';
import type { StoreFileGuard } from '../../store/sqlite/store-file-guard';
import { unavailableOr } from '../../store/sqlite/sqlite-errors';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from '../../store/sqlite/write-without-blocking';
import type { Claim, ClaimKind } from '../claims';
import type { ClaimStore, ProofToRecord, ProveResult } from '../claim-store';
import { claimKey, isNetwork, normalClaimValue, wantedClaims, type WantedClaims } from '../claim-values';
import { releasedBecause, replacedBy } from '../claim-wording';
import { scheduleRecheckNow } from '../../recheck/sqlite-recheck-records';
import {
  addProof,
  auditEvent,
  ensureClaim,
  setClaimState,
  liveClaimsOfKind,
  otherClaimsOfNetwork,
  profileExists,
  provenHolder,
  readClaim,
  readClaimsOf,
  readLiveClaimsOfKey,
  releaseClaim,
  syncProvenHandles,
} from './claims-sql';

/**
 * The embedded ClaimStore: its own connection to the SqliteStore's file, every write one IMMEDIATE transaction
 * (see claims-sql.ts for the invariants it keeps).
 */
export class SqliteClaimStore implements ClaimStore {
  private readonly db: Database.Database;

  constructor(
    file: string,
    private readonly guard?: StoreFileGuard,
  ) {
    // Never creates the file: beside a -wal, SQLite would take an empty new one for the store and delete that -wal.
    this.db = new Database(file, { fileMustExist: true });
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('foreign_keys = ON');
  }

  async close(): Promise<void> {
    if (this.db.open && (this.guard?.safeToClose() ?? true)) this.db.close();
  }

  private write<T>(work: () => T): Promise<T> {
    const transaction = this.db.transaction(work);
    return writeWithoutBlocking(
      this.db,
      () => {
        this.guard?.checkWritable();
        return transaction.immediate();
      },
      BUSY_TIMEOUT_MS,
    );
  }

  private read<T>(work: () => T): Promise<T> {
    try {
      this.guard?.checkReadable();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(unavailableOr(error));
    }
  }

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.read(() => readClaimsOf(this.db, profileId));
  }

  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]> {
    return this.read(() => readLiveClaimsOfKey(this.db, kind, key));
  }

  setClaims(profileId: number, values: Partial<Record<ClaimKind, string[]>>): Promise<Claim[]> {
    const wanted = wantedClaims(values);
    return this.write(() => {
      setClaimsNow(this.db, profileId, wanted, new Date().toISOString());
      return readClaimsOf(this.db, profileId);
    });
  }

  recordProof(proof: ProofToRecord): Promise<ProveResult> {
    const value = normalClaimValue(proof.kind, proof.value);
    return this.write(() => recordProofNow(this.db, { ...proof, value }, new Date().toISOString()));
  }

  moveProvenClaim({
    type,
    key,
    toProfileId,
    editor,
    note,
    replacedReason,
  }: Parameters<ClaimStore['moveProvenClaim']>[0]): Promise<ProveResult> {
    return this.write(() => {
      const now = new Date().toISOString();
      if (!profileExists(this.db, toProfileId)) return { ok: false, reason: 'no-such-profile' } as const;
      const holder = provenHolder(this.db, type, key);
      const held = readLiveClaimsOfKey(this.db, type, key).find((claim) => claim.profileId === holder);
      const value = held?.value ?? key;
      if (holder !== undefined && holder !== toProfileId && held) {
        releaseClaim(this.db, held, `Moved to another profile by an editor (${editor}) on ${now.slice(0, 10)}: ${note}`, now);
        syncProvenHandles(this.db, holder);
        auditEvent(this.db, holder, editor, 'handle-moved', `${type} ${value} moved to another profile: ${note}`, now);
      }
      const result = recordProofNow(
        this.db,
        {
          profileId: toProfileId,
          kind: type,
          value,
          evidence: {
            method: 'editor-attestation',
            provider: EDITOR_PROVIDER,
            provenValue: value,
            by: `editor:${editor}`,
            note,
          },
        },
        now,
        replacedReason,
      );
      if (result.ok) auditEvent(this.db, toProfileId, editor, 'handle-moved', `${type} ${value} moved here: ${note}`, now);
      return result;
    });
  }
}

export const EDITOR_PROVIDER = { id: 'urn:byline:editor-attestation', name: 'Byline editor' };

/** setClaims inside a transaction (the portal's profile form calls it in its own). Values already normal. */
export function setClaimsNow(db: Database.Database, profileId: number, wanted: WantedClaims, now: string): void {
  const taken: SocialType[] = [];
  for (const { kind, entries } of wanted) {
    if (!isNetwork(kind)) continue;
    for (const { key } of entries) {
      const holder = provenHolder(db, kind, key);
      if (holder !== undefined && holder !== profileId) taken.push(kind);
    }
  }
  if (taken.length) throw new HandleTakenError(taken);
  for (const { kind, entries } of wanted) {
    const keys = new Set(entries.map((entry) => entry.key));
    for (const live of liveClaimsOfKind(db, profileId, kind)) {
      if (!keys.has(live.key)) releaseClaim(db, live, `Removed by the journalist on ${now.slice(0, 10)}`, now);
    }
    for (const { value } of entries) {
      const claim = ensureClaim(db, profileId, kind, value, now);
      if (claim.state !== 'proven' && claim.value !== value) setClaimState(db, claim.id, claim.state, value, now);
    }
  }
  syncProvenHandles(db, profileId);
}

/**
 * recordProof inside a transaction. The value is already in its normal form. A network proof releases the
 * profile's other claim of the network with `replacedReason` (by default: replaced by this proof).
 */
export function recordProofNow(db: Database.Database, proof: ProofToRecord, now: string, replacedReason?: string): ProveResult {
  const { profileId, kind, value, evidence } = proof;
  if (!profileExists(db, profileId)) return { ok: false, reason: 'no-such-profile' };
  const key = claimKey(kind, value);
  if (isNetwork(kind)) {
    const holder = provenHolder(db, kind, key);
    if (holder !== undefined && holder !== profileId) return { ok: false, reason: 'held-by-another', holderProfileId: holder };
    for (const other of otherClaimsOfNetwork(db, profileId, kind, key)) {
      releaseClaim(db, other, replacedReason ?? replacedBy(value, evidence.method, now), now);
    }
  }
  const claim = ensureClaim(db, profileId, kind, value, now);
  const released = addProof(db, claim, evidence, now, releasedBecause(evidence.method, now));
  syncProvenHandles(db, profileId);
  for (const { profileId: other } of released) syncProvenHandles(db, other);
  const proven = readClaim(db, claim.id)!;
  scheduleRecheckNow(db, proven);
  return { ok: true, claim: proven, released };
}
