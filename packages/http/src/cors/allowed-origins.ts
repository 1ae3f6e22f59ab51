import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';

/**
 * Every origin some API account allows, for preflights (which carry no key). Read again from the store once
 * `ttlMs` has passed, like the credential cache (AUTH_CACHE_TTL_MS; 0 reads on every preflight), so an origin
 * added or removed anywhere is seen here within that time. When the store cannot be read, the last set read
 * is kept (none at first): a preflight is never an error, at worst it grants nothing.
 */
export class AllowedOrigins {
  private origins: ReadonlySet<string> = new Set();
  private expiresAt = 0;
  private reading: Promise<ReadonlySet<string>> | undefined;

  constructor(
    private readonly accounts: Pick<ApiCredentials, 'allAllowedOrigins'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async has(origin: string): Promise<boolean> {
    return (await this.current()).has(origin);
  }

  private current(): Promise<ReadonlySet<string>> | ReadonlySet<string> {
    if (this.ttlMs > 0 && this.expiresAt > this.now()) return this.origins;
    // Concurrent preflights share one read.
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<ReadonlySet<string>> {
    try {
      this.origins = new Set(await this.accounts.allAllowedOrigins());
      this.expiresAt = this.now() + this.ttlMs;
    } catch {
      // Keep the last set; the next preflight tries the store again.
    }
    return this.origins;
  }
}
