/** Each single operation of both verifiers, called with the client against the real services on each store. */
import { aProfile, anArticle, storeFactories } from '@byline/test-support';
import { BylineClient, BylineError, type ArticleAnswer, type ArticleAnswerV2, type JournalistAnswer } from '@byline/client';
import { rejectionOf, servicesHolding, type RunningServices } from './services';

/** What a caller does with an answer: the compiler makes it narrow on `verified` first. */
const whoWrote = (answer: ArticleAnswer) =>
  answer.verified ? `${answer.profile_first_name} ${answer.profile_last_name}` : answer.message;
const journalistName = (answer: JournalistAnswer) => (answer.verified ? answer.slug : answer.message);
/** …and on `type` for v2. */
const kindOf = (answer: ArticleAnswerV2) =>
  answer.type === 'article_verified' ? `by ${answer.profile_slug}` : answer.type === 'unverified' ? answer.message : answer.type;

describe.each(storeFactories())('the client against both services ($name store)', (factory) => {
  let services: RunningServices;
  let client: BylineClient;
  const article = anArticle({ link: 'https://www.client-news.example/2030/harbour' });
  const profile = aProfile({
    profile_slug: 'client-reporter',
    profile_social_profiles: { twitter: '@ClientReporter', facebook: '', linkedin: '', instagram: '' },
    articles: [article],
  });

  beforeAll(async () => {
    ({ services, client } = await servicesHolding(factory, profile));
  }, 60_000);
  afterAll(() => services?.close());

  test('verifyArticle answers the author of a known article, and `verified: false` otherwise', async () => {
    const known = await client.verifyArticle(article.link);
    expect(known).toEqual(expect.objectContaining({ verified: true, profile_slug: 'client-reporter' }));
    expect(whoWrote(known)).toBe('Niamh Cassidy');
    // Canonicalised by the service: the tracking parameter and fragment do not matter.
    expect((await client.verifyArticle(`${article.link}?utm_source=x#top`)).verified).toBe(true);
    const unknown = await client.verifyArticle('https://www.client-news.example/unknown');
    expect(unknown).toEqual({ verified: false, message: expect.any(String) });
  });

  test('verifyArticleV2 answers in v2 kinds', async () => {
    const known = await client.verifyArticleV2(article.link);
    expect(known).toEqual(expect.objectContaining({ type: 'article_verified', verified: true, evidence: expect.any(Array) }));
    expect(kindOf(known)).toBe('by client-reporter');
    const unknown = await client.verifyArticleV2('https://nowhere.example/story');
    expect(unknown).toEqual({ type: 'unverified', verified: false, message: expect.any(String) });
  });

  test('verifyJournalist answers a verified journalist’s handle, in any form the service accepts', async () => {
    for (const lookup of [
      { social_username: '@ClientReporter', social_type: 'twitter' },
      { social_username: 'https://x.com/clientreporter', social_type: 'X' },
    ]) {
      const answer = await client.verifyJournalist(lookup);
      expect(answer).toEqual(expect.objectContaining({ verified: true, slug: 'client-reporter', articles: expect.any(Array) }));
      expect(journalistName(answer)).toBe('client-reporter');
    }
    expect(await client.verifyJournalist({ social_username: '@nobody', social_type: 'twitter' })).toEqual({
      verified: false,
      message: 'Not a Byline journalist',
    });
  });

  test('a refused field is a BylineError carrying the problem’s fields, and is not retried', async () => {
    const error = await client.verifyArticle('ftp://nowhere').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BylineError);
    const problem = error as BylineError;
    expect(problem).toEqual(
      expect.objectContaining({
        status: 422,
        type: 'about:blank',
        title: 'Unprocessable Entity',
        detail: expect.any(String),
        errors: [{ field: 'url', message: expect.any(String) }],
        requestId: expect.any(String),
        attempts: 1,
        retryAfterSeconds: undefined,
      }),
    );
    expect(problem.message).toBe(problem.detail);
    expect(problem.problem.request_id).toBe(problem.requestId);

    const missingType = await rejectionOf(client.verifyJournalist({ social_username: 'someone', social_type: '' }), BylineError);
    expect([missingType.status, [...new Set(missingType.errors.map((e) => e.field))]]).toEqual([422, ['social_type']]);
  });

  test('wrong credentials are a 401 BylineError', async () => {
    const [key] = services.apiKey.split(':');
    const stranger = new BylineClient({ apiKey: `${key}:${'0'.repeat(24)}`, baseUrl: services.baseUrl });
    const error = await rejectionOf(stranger.verifyArticle(article.link), BylineError);
    expect(error).toBeInstanceOf(BylineError);
    expect([error.status, error.title, error.detail]).toEqual([401, 'Unauthorized', 'Credentials are not valid']);
  });

  test('sends the caller’s request id, which the service echoes in its problem', async () => {
    const error = await rejectionOf(client.verifyArticle('ftp://nowhere', { requestId: 'client-test-0001' }), BylineError);
    expect(error.requestId).toBe('client-test-0001');
  });

  test('keeps a path the base address has, and calls through an injected fetch', async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const viaSlash = new BylineClient({ apiKey: services.apiKey, baseUrl: `${services.baseUrl}/`, fetch: counting });
    expect((await viaSlash.verifyArticle(article.link)).verified).toBe(true);
    expect(seen).toEqual([`${services.baseUrl}/api/verify_article`]);
    const prefixed = new BylineClient({ apiKey: services.apiKey, baseUrl: `${services.baseUrl}/prefix`, fetch: counting });
    const error = await rejectionOf(prefixed.verifyArticle(article.link), BylineError);
    expect([error.status, seen[1]]).toEqual([404, `${services.baseUrl}/prefix/api/verify_article`]);
  });

  test('refuses a set-up without a key pair or an address, and an operation whose service has no address', async () => {
    expect(() => new BylineClient({ apiKey: 'just-a-key', baseUrl: services.baseUrl })).toThrow(/KEY:SECRET/);
    expect(() => new BylineClient({ apiKey: services.apiKey })).toThrow(/baseUrl/);
    const articlesOnly = new BylineClient({ apiKey: services.apiKey, baseUrl: services.baseUrl });
    expect(() => articlesOnly.verifyJournalist({ social_username: 'a', social_type: 'x' })).toThrow(/journalistBaseUrl/);
  });
});
