import type { Request } from 'express';
import { ApiError } from './api-error';
import { throttleKeyOfRequest } from './client-address';
import type { Counter, CounterStore } from './counter-store';

const WINDOW_SECONDS = 60;
/** Past this many remembered blocks the expired ones are dropped (an attack from very many addresses). */
const PRUNE_AT = 10_000;

/**
 * Failed authentications (401) per client address in one-minute windows. Once an address reaches the limit,
 * its requests are refused with 429 before their credentials are read, whatever they hold: checking a key
 * would tell a guesser when a guess is right, and the store is spared. Only failures touch the count (shared
 * through Redis when set up so); whether an address is refused is known in this process's memory, so a
 * request that authenticates costs one Map size check. Another instance learns of a block on the first
 * failure it sees from that address, which it then answers with 429.
 */
export class AuthFailureThrottle {
  private readonly failures: Counter;
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    counters: CounterStore,
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.failures = counters.counter({ name: 'auth-failures', points: perMinute, seconds: WINDOW_SECONDS });
  }

  /** Throws 429 when the request's address is over its limit; nothing to look up while no address is. */
  refuseIfBlocked(req: Request): void {
    if (this.blockedUntil.size === 0) return;
    const address = throttleKeyOfRequest(req);
    const until = this.blockedUntil.get(address);
    if (until === undefined) return;
    const msLeft = until - this.now();
    if (msLeft > 0) throw tooManyFailures(msLeft);
    this.blockedUntil.delete(address);
  }

  /**
   * Counts a failed authentication from the request's address. Returns the error to answer with: the 401
   * given, or 429 when the address was already over its limit (a block another instance set).
   */
  async counted(req: Request, unauthorized: ApiError): Promise<ApiError> {
    const address = throttleKeyOfRequest(req);
    const take = await this.failures.take(address);
    if (take.taken >= this.perMinute) this.block(address, take.msLeft);
    return take.allowed ? unauthorized : tooManyFailures(take.msLeft);
  }

  private block(address: string, msLeft: number): void {
    const now = this.now();
    if (this.blockedUntil.size >= PRUNE_AT) {
      for (const [blocked, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(blocked);
    }
    this.blockedUntil.set(address, now + msLeft);
  }
}

function tooManyFailures(msLeft: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return new ApiError(429, `Too many failed authentications from this address; retry after ${seconds} s`, {
    headers: { 'Retry-After': String(seconds) },
  });
}
