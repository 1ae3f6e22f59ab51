import { createApiKey, type KeyPair } from '@byline/shared';
import {
  checkedRequest as request,
  aProfile,
  capturingLogger,
  seed,
  serviceFixture,
  storeFactories,
  storeWith,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';
const EXPLODING = 'https://example-news.ie/explode';

describe.each(storeFactories())('verify_article: credentials never reach the logs ($name store)', (factory) => {
  const capture = capturingLogger();
  const service = serviceFixture(factory, createApp, {
    logger: capture.logger,
    wrapStore: (store) =>
      storeWith(store, {
        taggedArticleAnswer: async (canonicalUrl) => {
          if (canonicalUrl === EXPLODING) throw new Error('lookup exploded');
          return store.taggedArticleAnswer(canonicalUrl);
        },
      }),
  });
  const profile = aProfile();
  let pair: KeyPair;

  beforeAll(async () => {
    await seed(service.store, profile);
    pair = await createApiKey(service.store, 'logging@example.org');
  });

  it('logs each request with its id, but never the secret or the header value', async () => {
    const sent: Array<{ id: string; header: string; value: string; url: string; status: number }> = [
      { id: 'log-ok', header: 'Authorization', value: `Bearer ${pair.token}`, url: profile.articles[0]!.link, status: 200 },
      {
        id: 'log-ok-authentication',
        header: 'Authentication',
        value: `bearer ${pair.token}`,
        url: profile.articles[0]!.link,
        status: 200,
      },
      {
        id: 'log-wrong-secret',
        header: 'Authorization',
        value: `Bearer ${pair.key}:${pair.secret.split('').reverse().join('')}`,
        url: profile.articles[0]!.link,
        status: 401,
      },
      {
        id: 'log-malformed',
        header: 'Authorization',
        value: `Bearer ${pair.key}${pair.secret}`,
        url: profile.articles[0]!.link,
        status: 401,
      },
      { id: 'log-basic', header: 'Authentication', value: `Basic ${pair.token}`, url: profile.articles[0]!.link, status: 401 },
      { id: 'log-invalid-url', header: 'Authorization', value: `Bearer ${pair.token}`, url: 'ftp://nowhere', status: 422 },
      { id: 'log-500', header: 'Authorization', value: `Bearer ${pair.token}`, url: EXPLODING, status: 500 },
    ];

    for (const { id, header, value, url, status } of sent) {
      const res = await request(service.app).post(PATH).query({ url }).set(header, value).set('X-Request-Id', id);
      expect(res.status).toBe(status);
    }

    const logged = capture.output();
    for (const { id, value } of sent) {
      expect(logged).toContain(`"request_id":"${id}"`);
      expect(logged).not.toContain(value);
    }
    expect(logged).not.toContain(pair.secret);
    expect(logged).not.toContain(pair.secret.split('').reverse().join(''));
  });

  it('logs what went wrong in an unexpected error, for the operator', async () => {
    await request(service.app)
      .post(PATH)
      .query({ url: EXPLODING })
      .set('Authorization', `Bearer ${pair.token}`)
      .set('X-Request-Id', 'log-500-detail');

    const entry = capture
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((e) => e.request_id === 'log-500-detail' && e.level === 'error');
    expect(JSON.stringify(entry)).toContain('lookup exploded');
  });
});
