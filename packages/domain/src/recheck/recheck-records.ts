import type { Claim, Evidence } from '../proofs/claims';
import type { DueCheck } from '../proofs/claim-store';
import type { NewQueueItem } from '../queue/leased-queue';

/** The queue topic of rel="me" re-checks: one item per live re-checked proof, keyed by its evidence id. */
export const RECHECK_TOPIC = 'recheck';

/** The queue item that schedules a proof's re-checks, or null for a proof no one re-checks. */
export function recheckItemOf(evidence: Pick<Evidence, 'id' | 'nextCheckAt' | 'endedAt'>): NewQueueItem | null {
  if (evidence.nextCheckAt === null || evidence.endedAt !== null) return null;
  return { topic: RECHECK_TOPIC, key: String(evidence.id), payload: {}, dueAt: new Date(evidence.nextCheckAt) };
}

/**
 * What a check writes, as the re-check decided it (see rechecks.ts, where the rules are): the proof's re-check
 * fields, then either its next check or its end, and the lapse of its claim when the end leaves the claim without
 * a live proof. The rule recheck-changes.ts writes it as it is.
 */
export interface CheckRecord {
  /** The proof's queue item and the holder its lease must still be with: nothing is written otherwise. */
  item: { id: string; holder: string };
  evidenceId: number;
  at: Date;
  failingSince: string | null;
  lastFailure: string | null;
  /** Checked again at `dueAt`, or ended with `endedReason` (its queue item done). */
  next: { dueAt: Date } | { endedReason: string };
  /**
   * The claim the end leaves without a live proof: it becomes `lapsed`, leaves the handle lookup index (a network
   * claim), its profile's handles and answers follow, and the profile gets a pending request unless one is open,
   * and a history entry (`request`).
   */
  lapse: { claim: Claim; request: { actor: string; action: 'proof-lapsed'; note: string } } | null;
}

/** The claims and evidence as the re-checks read and write them; the queue holds the leases. */
export interface RecheckRecords {
  /**
   * The live proof, its claim and its profile's slug; null when the proof has ended, or its claim was released
   * (a release interrupted before it ended this proof is finished here: the proof ends).
   */
  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null>;
  /**
   * Writes the check (CheckRecord) and settles the proof's queue item, if the holder still holds it: false
   * otherwise. On SQLite one transaction; on MongoDB ordered single-document writes (see recheck-changes.ts for
   * the order).
   */
  record(record: CheckRecord): Promise<boolean>;
}
