/**
 * The batch operations against the real services. They run only once the services serve them: each describe is
 * skipped while the service's OpenAPI document (the one createApp serves) lacks the batch path, and runs by
 * itself once it has it.
 */
import { aProfile, anArticle, storeFactories } from '@byline/test-support';
import { BylineClient, BylineError } from '@byline/client';
import { articleVerifierOpenApi } from '../../article-verifier/src/openapi';
import { journalistVerifierOpenApi } from '../../journalist-verifier/src/openapi';
import { rejectionOf, servicesHolding, type RunningServices } from './services';

const served = {
  ...(articleVerifierOpenApi().paths as Record<string, unknown>),
  ...(journalistVerifierOpenApi().paths as Record<string, unknown>),
};
const whenServed = (path: string) => (path in served ? describe : describe.skip);

const article = anArticle({ link: 'https://www.batch-news.example/2030/tide' });
const profile = aProfile({
  profile_slug: 'batch-reporter',
  profile_social_profiles: { twitter: '@BatchReporter', facebook: '', linkedin: '', instagram: '' },
  articles: [article],
});
const unknownUrl = 'https://nowhere.example/story';

describe.each(storeFactories())('batches ($name store)', (factory) => {
  let services: RunningServices;
  let client: BylineClient;
  beforeAll(async () => {
    ({ services, client } = await servicesHolding(factory, profile));
  }, 60_000);
  afterAll(() => services?.close());

  whenServed('/api/v1/verify_articles')('verifyArticles', () => {
    test('answers each address in order, as the single operation does', async () => {
      const urls = [unknownUrl, `${article.link}?utm_source=x`];
      const { results } = await client.verifyArticles(urls);
      expect(results).toEqual([
        { input: urls[0], result: await client.verifyArticle(urls[0]!) },
        { input: urls[1], result: await client.verifyArticle(urls[1]!) },
      ]);
      expect(results[1]!.result.verified).toBe(true);
    });

    test('a bad item is a 422 naming it by index; an empty batch is a 422', async () => {
      const error = await rejectionOf(client.verifyArticles([article.link, 'ftp://nowhere']), BylineError);
      expect(error.status).toBe(422);
      expect(error.errors.map((e) => e.field)).toContain('urls[1]');
      expect((await rejectionOf(client.verifyArticles([]), BylineError)).status).toBe(422);
    });
  });

  whenServed('/api/v2/verify_articles')('verifyArticlesV2', () => {
    test('answers each address in order, as the single v2 operation does', async () => {
      const urls = [article.link, unknownUrl];
      const { results } = await client.verifyArticlesV2(urls);
      expect(results).toEqual([
        { input: urls[0], result: await client.verifyArticleV2(urls[0]!) },
        { input: urls[1], result: await client.verifyArticleV2(urls[1]!) },
      ]);
      expect(results.map((r) => r.result.type)).toEqual(['article_verified', 'unverified']);
    });
  });

  whenServed('/api/v1/verify_journalists')('verifyJournalists', () => {
    test('answers each account in order, as the single operation does, with the item as sent', async () => {
      const journalists = [
        { social_username: '@BatchReporter', social_type: 'twitter' },
        { social_username: '@nobody', social_type: 'x' },
      ];
      const { results } = await client.verifyJournalists(journalists);
      expect(results).toEqual([
        { input: journalists[0], result: await client.verifyJournalist(journalists[0]!) },
        { input: journalists[1], result: await client.verifyJournalist(journalists[1]!) },
      ]);
      expect(results[0]!.result.verified).toBe(true);
    });

    test('a bad item is a 422 naming it by index', async () => {
      const error = await rejectionOf(
        client.verifyJournalists([
          { social_username: '@BatchReporter', social_type: 'twitter' },
          { social_username: 'someone', social_type: 'myspace' },
        ]),
        BylineError,
      );
      expect(error.status).toBe(422);
      expect(error.errors.some((e) => e.field.startsWith('journalists[1]'))).toBe(true);
    });
  });
});
