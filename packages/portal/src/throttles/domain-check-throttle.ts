import { CounterStore, type Counter } from '@byline/http';

export interface DomainCheckThrottleOptions {
  /** Where the counts live: this process's memory by default; main shares them through Redis (createPortalCounters). */
  counters?: CounterStore;
  /** Checks of one publisher's domain per `domainSeconds`. */
  perDomain?: number;
  domainSeconds?: number;
  /** Checks one person may ask for, over all domains, per `userSeconds`. */
  perUser?: number;
  userSeconds?: number;
}

/** Go ahead, or how many seconds to wait and which limit was reached. */
export type DomainCheckTurn = { allowed: true } | DomainCheckRefusal;
export interface DomainCheckRefusal {
  allowed: false;
  wait: number;
  limit: 'domain' | 'user';
}

/**
 * "Check now" makes the server look up DNS and fetch an https address for whoever asks: without a limit a
 * signed-in person could have it fetch without end. A publisher's domain is checked at most `perDomain` times per
 * `domainSeconds`, and one person asks for at most `perUser` checks per `userSeconds` (over all their publishers, so
 * listing one site under several publishers gains little). Counted before the check, so parallel requests cannot
 * slip past.
 */
export class DomainCheckThrottle {
  private readonly domains: Counter;
  private readonly users: Counter;

  constructor({
    counters = CounterStore.inMemory(),
    perDomain = 1,
    domainSeconds = 30,
    perUser = 5,
    userSeconds = 60,
  }: DomainCheckThrottleOptions = {}) {
    this.domains = counters.counter({ name: 'domain-check-domain', points: perDomain, seconds: domainSeconds });
    this.users = counters.counter({ name: 'domain-check-user', points: perUser, seconds: userSeconds });
  }

  /** Counts a check the user asks for of the publisher's domain; when refused, nothing is counted against the domain. */
  async take(userId: number, publisherId: number, domain: string): Promise<DomainCheckTurn> {
    const user = String(userId);
    const byUser = await this.users.take(user);
    if (!byUser.allowed) return { allowed: false, wait: seconds(byUser.msLeft), limit: 'user' };
    const byDomain = await this.domains.take(`${publisherId}|${domain}`);
    if (!byDomain.allowed) {
      // A check not made does not use up the person's allowance.
      await this.users.giveBack(user);
      return { allowed: false, wait: seconds(byDomain.msLeft), limit: 'domain' };
    }
    return { allowed: true };
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
