import { randomUUID } from 'node:crypto';
import { type LeasedQueue, type QueuePayload } from '../queue/leased-queue';
import { PROOF_ATTEMPT_TOPIC } from '../queue/topics';
import type { ProofAttempt, ProofAttemptStore, TakenAttempt } from './proof-attempts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an attempt's item carries: the attempt, and once taken, when. */
type AttemptPayload = Omit<ProofAttempt, 'stateHash'> & { usedAt?: string };

/** An attempt is of no use to anyone a day past its expiry: its item falls due then, to be cleared. */
const clearedAt = (attempt: Pick<ProofAttempt, 'expiresAt'>): Date => new Date(Date.parse(attempt.expiresAt) + DAY_MS);

/**
 * Network sign-ins in progress on the leased queue, for both databases (no adapter of their own). An attempt is an
 * item due when it is to be cleared. Taking it is a take of its item by key: of concurrent callbacks with one state
 * only one gets the lease; it marks the attempt used (`usedAt`) and frees it, so that a replay finds it used. Its
 * lease lasts a day, so a taker that dies before marking it leaves it taken until long past its expiry: it is never
 * taken twice while it could still be used. Attempts a day past their expiry are cleared as others start or are taken.
 */
export class QueuedProofAttempts implements ProofAttemptStore {
  constructor(private readonly queue: LeasedQueue) {}

  async createProofAttempt({ stateHash, ...attempt }: ProofAttempt): Promise<void> {
    await this.clear(new Date(attempt.createdAt));
    const payload: AttemptPayload = attempt;
    await this.queue.enqueue({ topic: PROOF_ATTEMPT_TOPIC, key: stateHash, payload, dueAt: clearedAt(attempt) });
  }

  async takeProofAttempt(stateHash: string, now: Date): Promise<TakenAttempt> {
    await this.clear(now);
    const holder = `callback:${randomUUID()}`;
    const item = await this.queue.take({ topic: PROOF_ATTEMPT_TOPIC, key: stateHash, now, holder, leaseMs: DAY_MS });
    if (!item) return (await this.queue.find(PROOF_ATTEMPT_TOPIC, stateHash)) ? { status: 'used' } : { status: 'unknown' };
    const { usedAt, ...fields } = item.payload as AttemptPayload;
    if (usedAt !== undefined) {
      await this.queue.release(item.id, holder);
      return { status: 'used' };
    }
    const used: AttemptPayload = { ...fields, usedAt: now.toISOString() };
    await this.queue.settle(item.id, holder, { dueAt: clearedAt(fields), payload: used as QueuePayload }, now);
    const attempt: ProofAttempt = { stateHash, ...fields };
    return now.toISOString() > attempt.expiresAt ? { status: 'expired', attempt } : { status: 'taken', attempt };
  }

  /** Clears the attempts due to be cleared at `now` (see clearedAt). */
  private async clear(now: Date): Promise<void> {
    const holder = `clearing:${randomUUID()}`;
    for (;;) {
      const stale = await this.queue.takeDue({ topic: PROOF_ATTEMPT_TOPIC, now, holder, leaseMs: 60_000, limit: 50 });
      for (const item of stale) await this.queue.settle(item.id, holder, 'done', now);
      if (stale.length < 50) return;
    }
  }
}
