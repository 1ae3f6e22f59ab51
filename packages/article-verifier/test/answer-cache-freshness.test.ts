import { setImmediate as nextTurn } from 'node:timers/promises';
import { createApiKey } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';
import { anArticle, aProfile, checkedRequest as request, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';

const V1 = '/api/verify_article';
const V2 = '/api/v2/verify_article';
const EDITOR = 'ed@example.org';
const REASON = { reason: 'Arranged by the test' };

/*
 * The served answers are kept in memory (the default budget is on in every verifier test), yet a committed change is
 * answered by the next lookup after the turn it was written in: on both stores, for each kind of change that moves an
 * answer or a caller's access. Each lookup asks twice first, so that the answer is served from the cache when it can be.
 */
describe.each(storeFactories())('served answers kept in memory are never stale ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const repositories = () => repositoriesOf(service.store);
  const ask = (path: string, url: string, authorization = service.authorization) =>
    request(service.app).post(path).query({ url }).set('Authorization', authorization);
  const twice = async (path: string, url: string) => {
    await ask(path, url);
    return ask(path, url);
  };

  it('an unverification, then a verification, is answered by the next lookup', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    expect((await twice(V1, link)).body).toMatchObject({ verified: true, profile_slug: profile.profile_slug });
    expect((await twice(V2, link)).body).toMatchObject({ type: 'article_verified' });

    await setVerifiedByOperator(repositories(), profile.profile_slug, false, REASON);
    await nextTurn();
    expect((await ask(V1, link)).body).toEqual({ verified: false, message: expect.any(String) });
    expect((await ask(V2, link)).body).toMatchObject({ type: 'unverified' });

    await setVerifiedByOperator(repositories(), profile.profile_slug, true, REASON);
    await nextTurn();
    expect((await ask(V1, link)).body).toMatchObject({ verified: true, profile_slug: profile.profile_slug });
  });

  it("a publisher domain's lapsed proof is answered by the next lookup", async () => {
    const { publishers, publisherDomains } = repositories();
    const outlet = (await publishers.create({ slug: 'kept-outlet', name: 'The Kept Outlet' }, EDITOR, new Date()))!;
    await publisherDomains.addDomain(outlet.id, 'kept-outlet.example', 'token-kept', EDITOR, new Date());
    const proven = { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() } as const;
    await publisherDomains.recordCheck(outlet.id, 'kept-outlet.example', proven, null);
    await publishers.setVerified(outlet.id, true, EDITOR, 'Masthead checked', new Date());
    const unknown = 'https://kept-outlet.example/2030/not-yet-known';
    expect((await twice(V2, unknown)).body).toMatchObject({ type: expect.stringMatching(/^domain_verified/) });

    const lapsed = { outcome: 'lapsed', failure: 'TXT record gone', at: new Date().toISOString() } as const;
    await publisherDomains.recordCheck(outlet.id, 'kept-outlet.example', lapsed, null);
    await nextTurn();
    expect((await ask(V2, unknown)).body).toMatchObject({ type: 'unverified' });
  });

  it('an article that stops being active is answered by the next lookup', async () => {
    const article = anArticle();
    const profile = aProfile({ articles: [article, anArticle()] });
    await seed(service.store, profile);
    expect((await twice(V1, article.link)).body.verified).toBe(true);

    await seed(service.store, { ...profile, articles: [{ ...article, active: false }, profile.articles[1]!] });
    await nextTurn();
    expect((await ask(V1, article.link)).body.verified).toBe(false);
  });

  it('a revoked key is refused by the next lookup, though its answers and its credential were kept', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const revoked = await createApiKey(repositories().apiKeys, 'revoked@example.org');
    expect((await ask(V1, link, `Bearer ${revoked.token}`)).status).toBe(200);
    expect((await ask(V1, link, `Bearer ${revoked.token}`)).status).toBe(200);

    await repositories().apiKeys.revokeKey(revoked.key, new Date());
    await nextTurn();
    expect((await ask(V1, link, `Bearer ${revoked.token}`)).status).toBe(401);
  });
});
