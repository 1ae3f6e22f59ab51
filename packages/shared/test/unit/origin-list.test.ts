import { AllowedOrigins, MAX_ACCOUNT_ORIGINS, normaliseOrigin, normaliseOriginList } from '@byline/http/cors/index';
import { CredentialChecker } from '../../src/auth/credential-checker';
import type { ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import type { ApiKeys } from '@byline/domain/api-accounts/api-keys-repository';
import { createApiKey } from '../../src/auth/api-keys';
import { repositoriesOf } from '../../src/store/repositories-of';
import type { Store } from '@byline/domain/store/store';
import { embeddedStore, storeWith } from '@byline/test-support';

describe('normaliseOrigin', () => {
  it.each([
    ['https://news.example', 'https://news.example'],
    ['  HTTPS://News.Example/ ', 'https://news.example'],
    ['https://news.example:443', 'https://news.example'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%s → %s', (given, origin) => {
    expect(normaliseOrigin(given)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', /empty/],
    ['*', /wildcards/],
    ['https://*.news.example', /wildcards/],
    ['news.example', /scheme:\/\/host/],
    ['ftp://news.example', /scheme:\/\/host/],
    ['https://news.example/path', /no path/],
    ['https://news.example\\path', /no path/],
    ['https://news.example?x=1', /no path/],
    ['https://news.example#top', /no path/],
    ['https://user:pw@news.example', /user name/],
    ['https://news.example\u0000', /must not contain U\+0000/],
    ['https://news\u202E.example', /must not contain U\+202E/],
    [`https://${'a'.repeat(64)}.example`, /at most 63 characters/],
    [`https://${`${'a'.repeat(63)}.`.repeat(4)}example`, /at most 253 characters/],
    ['https://news..example', /no empty parts/],
    ['https://news.example:99999', /not a valid origin/],
    ['null', /scheme:\/\/host/],
  ])('refuses %j', (given, reason) => {
    const checked = normaliseOrigin(given);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toMatch(reason);
  });
});

describe('normaliseOriginList', () => {
  it('normalises each entry, skips blank lines and drops duplicates', () => {
    expect(normaliseOriginList(['https://A.example', '', 'https://a.example/', ' http://b.example:81 '])).toEqual({
      ok: true,
      origins: ['https://a.example', 'http://b.example:81'],
    });
  });

  it(`refuses more than ${MAX_ACCOUNT_ORIGINS} origins, and the first bad entry`, () => {
    const many = Array.from({ length: MAX_ACCOUNT_ORIGINS + 1 }, (_, i) => `https://s${i}.example`);
    expect(normaliseOriginList(many.slice(0, MAX_ACCOUNT_ORIGINS)).ok).toBe(true);
    expect(normaliseOriginList(many)).toEqual({ ok: false, reason: expect.stringMatching(/At most 20 origins/) });
    expect(normaliseOriginList(['https://a.example', 'https://b.example/x'])).toEqual({
      ok: false,
      reason: expect.stringMatching(/^https:\/\/b\.example\/x:/),
    });
  });
});

describe('cached origins (AllowedOrigins for preflights, CredentialChecker.originsOf for requests)', () => {
  const TTL_MS = 1000;
  let store: Store;
  let accounts: ApiAccounts;
  let keys: ApiKeys;
  let credentials: ApiCredentials;
  let reads: { all: number; ofKey: number };
  let counted: ApiCredentials;
  let now: number;
  const clock = () => now;

  beforeAll(() => {
    store = embeddedStore();
    ({ apiAccounts: accounts, apiKeys: keys, apiCredentials: credentials } = repositoriesOf(store));
    counted = storeWith(credentials, {
      allAllowedOrigins: () => {
        reads.all++;
        return credentials.allAllowedOrigins();
      },
      originsOfKey: (key) => {
        reads.ofKey++;
        return credentials.originsOfKey(key);
      },
    });
  });
  afterAll(() => store.close());
  beforeEach(() => {
    reads = { all: 0, ofKey: 0 };
    now = 1_000_000;
  });

  it('reads every account’s origins once per TTL for preflights, and at each preflight with a TTL of 0', async () => {
    await createApiKey(keys, 'cache@example.org');
    await accounts.setOrigins('cache@example.org', ['https://a.example']);
    const cached = new AllowedOrigins(counted, TTL_MS, clock);

    expect(await cached.has('https://a.example')).toBe(true);
    await accounts.setOrigins('cache@example.org', ['https://b.example']);
    expect(await cached.has('https://b.example')).toBe(false);
    expect(reads.all).toBe(1);
    now += TTL_MS;
    expect(await cached.has('https://b.example')).toBe(true);
    expect(await cached.has('https://a.example')).toBe(false);
    expect(reads.all).toBe(2);

    const uncached = new AllowedOrigins(counted, 0, clock);
    await uncached.has('https://b.example');
    await uncached.has('https://b.example');
    expect(reads.all).toBe(4);
  });

  it('keeps the last set read when the store cannot be read: a preflight never fails', async () => {
    await createApiKey(keys, 'outage@example.org');
    await accounts.setOrigins('outage@example.org', ['https://kept.example']);
    let down = false;
    const flaky = storeWith(credentials, {
      allAllowedOrigins: () => (down ? Promise.reject(new Error('down (test)')) : credentials.allAllowedOrigins()),
    });
    const cached = new AllowedOrigins(flaky, TTL_MS, clock);
    expect(await cached.has('https://kept.example')).toBe(true);
    down = true;
    now += TTL_MS;
    expect(await cached.has('https://kept.example')).toBe(true);
  });

  it('reads a key’s account origins once per TTL', async () => {
    const { key } = await createApiKey(keys, 'key-cache@example.org');
    await accounts.setOrigins('key-cache@example.org', ['https://a.example']);
    const checker = new CredentialChecker(counted, TTL_MS, clock);

    expect(await checker.originsOf(key)).toEqual(['https://a.example']);
    await accounts.setOrigins('key-cache@example.org', []);
    expect(await checker.originsOf(key)).toEqual(['https://a.example']);
    now += TTL_MS;
    expect(await checker.originsOf(key)).toEqual([]);
    expect(reads.ofKey).toBe(2);
  });
});
