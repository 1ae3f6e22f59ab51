/**
 * Retries on 429 and 503, Retry-After honoured (seconds or an HTTP-date, capped), backoff without it, and timeouts:
 * against the real services, with real local servers in front of them (a proxy that refuses the first requests)
 * or in their place (one that never answers). The store kind does not change any of this: embedded only.
 */
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { type Store } from '@byline/domain/store/store';
import { aProfile, anArticle, seed, storeFactories, storeWith } from '@byline/test-support';
import { BylineClient, BylineError, BylineNetworkError, BylineTimeoutError, retryAfterMs } from '@byline/client';
import { refusingProxy, rejectionOf, silentServer, startServices, type Running, type RunningServices } from './services';

const embedded = storeFactories()[0]!;
const article = anArticle({ link: 'https://www.retry-news.example/2030/storm' });
const profile = aProfile({
  profile_slug: 'retry-reporter',
  profile_social_profiles: { twitter: '@RetryReporter', facebook: '', linkedin: '', instagram: '' },
  articles: [article],
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('retries through a refusing proxy in front of the real services', () => {
  let services: RunningServices;
  let proxy: (Running & { seen: Array<number | 'proxied'> }) | undefined;
  beforeAll(async () => {
    services = await startServices(embedded);
    await seed(services.store, profile);
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => services?.close());

  const clientOf = (options: Partial<ConstructorParameters<typeof BylineClient>[0]> = {}) =>
    new BylineClient({ apiKey: services.apiKey, baseUrl: proxy!.url, journalistBaseUrl: proxy!.url, ...options });

  test('a 429 with Retry-After: 1 is asked again a second later, and the answer is the service’s', async () => {
    proxy = await refusingProxy(services.baseUrl, [{ status: 429, headers: { 'Retry-After': '1' } }]);
    const { value, ms } = await timed(() => clientOf().verifyArticle(article.link));
    expect(value).toEqual(expect.objectContaining({ verified: true, profile_slug: 'retry-reporter' }));
    expect(proxy.seen).toEqual([429, 'proxied']);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(5000);
  });

  test('a 503 with Retry-After as an HTTP-date waits until then', async () => {
    const refusal = { status: 503, headers: {} as Record<string, string> };
    proxy = await refusingProxy(services.journalistBaseUrl, [refusal]);
    // Dated as the timing starts, not before the proxy listens: on a loaded machine that can take long enough to
    // leave less than the 800 ms this looks for (the proxy reads the headers when it answers).
    refusal.headers['Retry-After'] = new Date(Date.now() + 2000).toUTCString();
    const { value, ms } = await timed(() =>
      clientOf().verifyJournalist({ social_username: '@RetryReporter', social_type: 'twitter' }),
    );
    expect(value).toEqual(expect.objectContaining({ verified: true, slug: 'retry-reporter' }));
    expect(proxy.seen).toEqual([503, 'proxied']);
    // The date has whole seconds: between one and two seconds from when it was written, less the trip to the proxy.
    expect(ms).toBeGreaterThanOrEqual(800);
    expect(ms).toBeLessThan(5000);
  });

  test('without Retry-After it backs off, doubling', async () => {
    proxy = await refusingProxy(services.baseUrl, [{ status: 503 }, { status: 429 }]);
    const { value, ms } = await timed(() => clientOf({ retry: { baseDelayMs: 200 } }).verifyArticleV2(article.link));
    expect(value.type).toBe('article_verified');
    expect(proxy.seen).toEqual([503, 429, 'proxied']);
    // 100–200 ms, then 200–400 ms.
    expect(ms).toBeGreaterThanOrEqual(290);
  });

  test('gives up after maxAttempts with the last answer’s problem', async () => {
    const refusal = { status: 503, headers: { 'Retry-After': '0' } };
    proxy = await refusingProxy(services.baseUrl, [refusal, refusal, refusal, refusal]);
    const error = await clientOf({ retry: { maxAttempts: 3 } })
      .verifyArticle(article.link)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BylineError);
    expect(error).toEqual(
      expect.objectContaining({
        status: 503,
        attempts: 3,
        retryAfterSeconds: 0,
        title: 'Service Unavailable',
        requestId: 'proxy-3',
      }),
    );
    expect(proxy.seen).toEqual([503, 503, 503]);
  });

  test('maxAttempts: 1 does not retry', async () => {
    proxy = await refusingProxy(services.baseUrl, [{ status: 429, headers: { 'Retry-After': '0' } }]);
    const error = await rejectionOf(clientOf({ retry: { maxAttempts: 1 } }).verifyArticle(article.link), BylineError);
    expect([error.status, error.attempts, proxy.seen]).toEqual([429, 1, [429]]);
  });

  test('a long Retry-After is capped by maxDelayMs', async () => {
    proxy = await refusingProxy(services.baseUrl, [{ status: 429, headers: { 'Retry-After': '3600' } }]);
    const { value, ms } = await timed(() => clientOf({ retry: { maxDelayMs: 100 } }).verifyArticle(article.link));
    expect(value.verified).toBe(true);
    expect(ms).toBeLessThan(3000);
  });

  test('an abort during the wait before a retry ends the call at once', async () => {
    proxy = await refusingProxy(services.baseUrl, [{ status: 429, headers: { 'Retry-After': '30' } }]);
    const { value, ms } = await timed(
      () =>
        clientOf()
          .verifyArticle(article.link, { signal: AbortSignal.timeout(200) })
          .catch((e: Error) => e) as Promise<Error>,
    );
    expect(value.name).toBe('TimeoutError');
    expect(ms).toBeLessThan(3000);
    expect(proxy.seen).toEqual([429]);
  });
});

describe('retries of the services’ own 429 and 503', () => {
  let services: RunningServices | undefined;
  afterEach(async () => {
    await services?.close();
    services = undefined;
  });

  test('a 503 for a store that fails once is retried (its Retry-After: 5 capped) and answered', async () => {
    let failures = 1;
    const flaky = (store: Store) =>
      storeWith(store, {
        taggedArticleAnswer: async (...args: Parameters<Store['taggedArticleAnswer']>) => {
          if (failures-- > 0) throw new StoreUnavailableError('connection refused (test)');
          return store.taggedArticleAnswer(...args);
        },
      });
    services = await startServices(embedded, { wrapStore: flaky });
    await seed(services.store, profile);
    const first = await rejectionOf(
      new BylineClient({ apiKey: services.apiKey, baseUrl: services.baseUrl, retry: { maxAttempts: 1 } }).verifyArticle(
        article.link,
      ),
      BylineError,
    );
    expect([first.status, first.retryAfterSeconds, first.title]).toEqual([503, 5, 'Service Unavailable']);

    failures = 1;
    const client = new BylineClient({ apiKey: services.apiKey, baseUrl: services.baseUrl, retry: { maxDelayMs: 200 } });
    const { value, ms } = await timed(() => client.verifyArticle(article.link));
    expect(value.verified).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(3000);
  });

  test('a key over its rate limit gets the 429 problem with Retry-After once the retries are spent', async () => {
    services = await startServices(embedded, { perMinute: 1 });
    const client = new BylineClient({
      apiKey: services.apiKey,
      journalistBaseUrl: services.journalistBaseUrl,
      retry: { maxAttempts: 2, maxDelayMs: 50 },
    });
    const lookup = { social_username: '@nobody', social_type: 'twitter' };
    expect((await client.verifyJournalist(lookup)).verified).toBe(false);
    const error = await rejectionOf(client.verifyJournalist(lookup), BylineError);
    expect(error).toBeInstanceOf(BylineError);
    expect(error).toEqual(expect.objectContaining({ status: 429, title: 'Too Many Requests', attempts: 2 }));
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe('timeouts and unreachable services', () => {
  let silent: Running | undefined;
  afterEach(async () => {
    await silent?.close();
    silent = undefined;
  });

  test('a server that never answers times out after timeoutMs, per client or per call, without a retry', async () => {
    silent = await silentServer();
    let requests = 0;
    silent.server.on('request', () => requests++);
    const client = new BylineClient({ apiKey: 'k:s', baseUrl: silent.url, timeoutMs: 300 });
    const { value, ms } = await timed(() => client.verifyArticle('https://a.example/').catch((e: unknown) => e));
    expect(value).toBeInstanceOf(BylineTimeoutError);
    expect(value).toEqual(expect.objectContaining({ timeoutMs: 300, attempts: 1, url: `${silent.url}/api/verify_article` }));
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(3000);
    const perCall = await timed(() => client.verifyArticleV2('https://a.example/', { timeoutMs: 100 }).catch((e: unknown) => e));
    expect(perCall.value).toBeInstanceOf(BylineTimeoutError);
    expect(perCall.ms).toBeLessThan(1000);
    expect(requests).toBe(2);
  });

  test('a refused connection is a BylineNetworkError with the cause', async () => {
    silent = await silentServer();
    const { url } = silent;
    await silent.close();
    silent = undefined;
    const error = await new BylineClient({ apiKey: 'k:s', baseUrl: url })
      .verifyArticle('https://a.example/')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BylineNetworkError);
    expect((error as Error).cause).toBeDefined();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  test.each([
    ['5', 5000],
    [' 0 ', 0],
    ['Tue, 01 Jan 2030 00:00:03 GMT', 3000],
    ['Mon, 31 Dec 2029 23:59:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
  ])('%j → %j ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
  test('absent → undefined', () => expect(retryAfterMs(null, now)).toBeUndefined());
});
