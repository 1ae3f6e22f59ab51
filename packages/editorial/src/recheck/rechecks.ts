import { failedCheck, RECHECK_ACTOR } from '@byline/domain/proofs/grace';
import {
  type CheckOutcome,
  type DueCheck,
  type DueChecksQuery,
  type RecheckPolicy,
  type RecordCheckResult,
} from '@byline/domain/proofs/claim-store';
import { lapseNote } from '@byline/domain/proofs/claim-wording';
import { type DueQuery, type LeasedQueue } from '@byline/domain/queue/leased-queue';
import { RECHECK_TOPIC, type CheckRecord, type RecheckRecords } from '@byline/domain/recheck/recheck-records';

export { RECHECK_ACTOR };

export interface RecheckDeps {
  queue: LeasedQueue;
  recheckRecords: RecheckRecords;
}

export interface CheckToRecord {
  evidenceId: number;
  holder: string;
  outcome: CheckOutcome;
  now: Date;
  policy: RecheckPolicy;
}

/**
 * The re-checks of rel="me" proofs on the leased queue: each live re-checked proof is one item of the `recheck`
 * topic, due when its next check is; a checker leases items (takeDueChecks), checks the pages and records each
 * outcome (recordCheck), which settles the item. Where a proof holds, fails, or lapses is decided here, once, for
 * both databases (checkRecord); the adapters write what it decides.
 */
export class Rechecks {
  constructor(private readonly deps: RecheckDeps) {}

  /**
   * Leases up to `limit` live re-checked proofs due at `now` (see DueChecksQuery) for `leaseMs`. An item whose
   * proof has ended meanwhile (its claim released or moved) is taken off the queue on the way.
   */
  async takeDueChecks({ leaseMs, limit, ...query }: DueChecksQuery & { leaseMs: number; limit: number }): Promise<DueCheck[]> {
    const { queue, recheckRecords } = this.deps;
    for (;;) {
      const items = await queue.takeDue({ ...queueQuery(query), leaseMs, limit });
      if (items.length === 0) return [];
      const checks: DueCheck[] = [];
      for (const item of items) {
        const due = await recheckRecords.proofToCheck(Number(item.key), query.now);
        if (due) checks.push(due);
        else await queue.settle(item.id, query.holder, 'done', query.now);
      }
      if (checks.length) return checks.sort((a, b) => a.evidence.id - b.evidence.id);
    }
  }

  /** How many proofs the query matches that another holder's unexpired lease keeps from `holder`. */
  countLeasedElsewhere(query: DueChecksQuery): Promise<number> {
    return this.deps.queue.countLeasedElsewhere(queueQuery(query));
  }

  /**
   * Records a check of a leased proof and ends the lease: `lease-lost` (nothing recorded) when the lease has passed
   * to another checker or the proof has ended. Whether a verified profile stays verified is not decided here:
   * runRecheck records a lapse through endingProofs.
   */
  async recordCheck(check: CheckToRecord): Promise<RecordCheckResult> {
    const { queue, recheckRecords } = this.deps;
    const item = await queue.find(RECHECK_TOPIC, String(check.evidenceId));
    if (!item || item.holder !== check.holder) return 'lease-lost';
    const due = await recheckRecords.proofToCheck(check.evidenceId, check.now);
    if (!due) {
      await queue.settle(item.id, check.holder, 'done', check.now);
      return 'lease-lost';
    }
    const { result, record } = checkRecord(due, { id: item.id, holder: check.holder }, check);
    return (await recheckRecords.record(record)) ? result : 'lease-lost';
  }
}

const queueQuery = ({ now, holder, all = false, notCheckedSince }: DueChecksQuery): DueQuery => ({
  topic: RECHECK_TOPIC,
  now,
  holder,
  evenIfNotDue: all,
  notSettledSince: notCheckedSince,
});

/**
 * What a check of a proof means, the one place it is decided. A check that passes clears any failure and the
 * proof is checked again after the interval. One that fails inside the grace period (failedCheck, counted from the
 * first failure in a row) is checked again after the retry time. One that fails past it ends the proof (it
 * lapses); a claim the end leaves without any live proof lapses too — it stops verifying, and its profile goes
 * back to the editors with a pending request (unless one is open) and a `proof-lapsed` history entry. Only a claim
 * that stops counting needs an editor again, not one another live proof still holds. It is judged on the claim as
 * read just before the write: a new proof of the same claim recorded in between (its owner proving the site again
 * at that instant) would see the claim lapse all the same, which fails safe — an editor looks, and it is proven again.
 */
export function checkRecord(
  due: DueCheck,
  item: CheckRecord['item'],
  { outcome, now, policy }: Pick<CheckToRecord, 'outcome' | 'now' | 'policy'>,
): { result: Exclude<RecordCheckResult, 'lease-lost'>; record: CheckRecord } {
  const base = { item, evidenceId: due.evidence.id, at: now, lapse: null };
  const later = (ms: number) => new Date(now.getTime() + ms);
  if (outcome.ok) {
    const next = { dueAt: later(policy.intervalMs) };
    return { result: 'held', record: { ...base, failingSince: null, lastFailure: null, next } };
  }
  const { failingSince, lapses } = failedCheck(due.evidence.failingSince, now, policy);
  const failing = { failingSince, lastFailure: outcome.reason };
  if (!lapses) {
    return { result: 'failing', record: { ...base, ...failing, next: { dueAt: later(policy.retryMs) } } };
  }
  const note = lapseNote(failing.failingSince, outcome.reason);
  const { claim } = due;
  const leftWithout =
    claim.releasedAt === null && claim.evidence.every(({ id, endedAt }) => id === due.evidence.id || endedAt !== null);
  const lapse = leftWithout
    ? { claim, request: { actor: RECHECK_ACTOR, action: 'proof-lapsed' as const, note: `${claim.kind} ${claim.value}: ${note}` } }
    : null;
  return { result: 'lapsed', record: { ...base, ...failing, next: { endedReason: note }, lapse } };
}

/** The re-checks on the store's queue and claims. */
export const rechecksOf = (repositories: RecheckDeps): Rechecks =>
  new Rechecks({ queue: repositories.queue, recheckRecords: repositories.recheckRecords });
