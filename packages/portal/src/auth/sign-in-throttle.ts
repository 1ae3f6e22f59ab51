import { CounterStore, throttleKeyOf, type Counter } from '@byline/http';

export interface SignInThrottleOptions {
  /** Where the counts live: this process's memory by default; createSignInThrottle shares them through Redis. */
  counters?: CounterStore;
  /** Failed sign-ins in a row for one account from one address before that pair waits `pairBlockSeconds`. */
  perPair?: number;
  pairBlockSeconds?: number;
  /** Failed sign-ins from one client address, over all accounts, per `addressWindowSeconds`. */
  perAddress?: number;
  addressWindowSeconds?: number;
  /** Failed sign-ins for one account, from anywhere, within an hour, after which its attempts are spaced out. */
  accountDelayAfter?: number;
  /** The first wait once an account's attempts are spaced out; each failure doubles it. */
  firstDelaySeconds?: number;
  /** The longest an account's attempts are spaced out: the most its owner ever waits. */
  maxDelaySeconds?: number;
  /** Lets go of what the counters hold (the Redis connection). */
  close?: () => Promise<void>;
}

const HOUR_SECONDS = 60 * 60;
/** A pair's failures count until a success, for a day from the first. */
const PAIR_WINDOW_SECONDS = 24 * HOUR_SECONDS;
/** Counts only: the decision compares the count with the option (a number far past any count). */
const COUNT_ONLY = Number.MAX_SAFE_INTEGER;

/**
 * Throttles password guessing without letting anyone lock an account (OWASP's pattern, counted with
 * rate-limiter-flexible in memory or in Redis):
 * - one account from one address: after `perPair` failures in a row that pair waits `pairBlockSeconds`;
 *   this is what stops a single guesser, and it never touches the owner signing in from elsewhere;
 * - one address over all accounts: `perAddress` failures per window, then it waits for the window's end;
 * - one account from anywhere: never blocked, only slowed. Past `accountDelayAfter` failures in an hour,
 *   one attempt at a time is let through and the next waits 1 s, 2 s, 4 s … up to `maxDelaySeconds`, so the
 *   owner gets in after at most that wait while a crowd of addresses guesses about once a minute.
 * Each attempt is counted before its password is checked, so parallel guesses cannot slip past a limit;
 * a success takes its own count back and clears its pair.
 */
export class SignInThrottle {
  private readonly pairs: Counter;
  private readonly addresses: Counter;
  private readonly accountFailures: Counter;
  /** One attempt at a time for an account being guessed at: a take holds it for the current delay. */
  private readonly accountTurns: Counter;
  private readonly accountDelayAfter: number;
  private readonly firstDelaySeconds: number;
  private readonly maxDelaySeconds: number;
  private readonly closeCounters: () => Promise<void>;

  constructor({
    counters = CounterStore.inMemory(),
    perPair = 5,
    pairBlockSeconds = 15 * 60,
    perAddress = 20,
    addressWindowSeconds = 15 * 60,
    accountDelayAfter = 10,
    firstDelaySeconds = 1,
    maxDelaySeconds = 60,
    close = async () => {},
  }: SignInThrottleOptions = {}) {
    this.pairs = counters.counter({
      name: 'signin-pair',
      points: perPair,
      seconds: PAIR_WINDOW_SECONDS,
      blockSeconds: pairBlockSeconds,
    });
    this.addresses = counters.counter({ name: 'signin-address', points: perAddress, seconds: addressWindowSeconds });
    this.accountFailures = counters.counter({ name: 'signin-account', points: COUNT_ONLY, seconds: HOUR_SECONDS });
    this.accountTurns = counters.counter({ name: 'signin-turn', points: 1, seconds: maxDelaySeconds });
    this.accountDelayAfter = accountDelayAfter;
    this.firstDelaySeconds = firstDelaySeconds;
    this.maxDelaySeconds = maxDelaySeconds;
    this.closeCounters = close;
  }

  /**
   * Counts a sign-in attempt before its password is checked. Resolves with the seconds to wait (the password
   * is not to be checked), or 0: go ahead, and report the outcome with failed(), succeeded() or notChecked().
   */
  async attempt(email: string, address: string): Promise<number> {
    const client = throttleKeyOf(address);
    const fromAddress = await this.addresses.take(client);
    if (!fromAddress.allowed) return seconds(fromAddress.msLeft);
    const [pair, failures] = await Promise.all([this.pairs.take(pairKey(email, client)), this.accountFailures.peek(email)]);
    if (!pair.allowed) {
      await this.addresses.giveBack(client);
      return seconds(pair.msLeft);
    }
    const delay = this.delaySeconds(failures?.taken ?? 0);
    if (delay > 0) {
      const turn = await this.accountTurns.take(email, { windowSeconds: delay });
      if (!turn.allowed) {
        await Promise.all([this.addresses.giveBack(client), this.pairs.giveBack(pairKey(email, client))]);
        return seconds(turn.msLeft);
      }
    }
    return 0;
  }

  /** The attempt let through by attempt() had a wrong password (its pair and address counts stand). */
  async failed(email: string): Promise<void> {
    await this.accountFailures.take(email);
  }

  /** The attempt let through by attempt() signed in: its pair starts over and its address count is given back. */
  async succeeded(email: string, address: string): Promise<void> {
    const client = throttleKeyOf(address);
    await Promise.all([this.pairs.forget(pairKey(email, client)), this.addresses.giveBack(client)]);
  }

  /** The attempt let through could not be checked (the store failed): it counts for nothing. */
  async notChecked(email: string, address: string): Promise<void> {
    const client = throttleKeyOf(address);
    await Promise.all([this.pairs.giveBack(pairKey(email, client)), this.addresses.giveBack(client)]);
  }

  close(): Promise<void> {
    return this.closeCounters();
  }

  /** How long an account's turn lasts after `failures` failures: 0 below the threshold, then 1, 2, 4 … s up to the cap. */
  delaySeconds(failures: number): number {
    if (failures < this.accountDelayAfter) return 0;
    return Math.min(this.maxDelaySeconds, this.firstDelaySeconds * 2 ** Math.min(failures - this.accountDelayAfter, 30));
  }
}

/** The address first: it holds no "|", so the pair cannot be read two ways. */
function pairKey(email: string, client: string): string {
  return `${client}|${email}`;
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
