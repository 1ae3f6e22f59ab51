import request from 'supertest';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { runArticleRecheck } from '@byline/editorial/authorship/article-recheck';
import { bearer, quietLogger } from '@byline/test-support';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import {
  addArticle,
  fetchingFrom,
  journalistAllowing,
  jsonLdAuthor,
  outletForAllTests,
  pageWith,
  PORTAL_URL,
  profilePage,
} from './support/crediting-pages';
import { approvedByEditor, editor, journalist, reviewPath } from './support/editors';
import { portalForEachTest, portalStoreFactories, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { articleEventsOf } from './support/webhooks';

const DAY = 24 * 3_600_000;
/** The re-checks' rules in this test: checked daily, a failing page lapses after three days. */
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * 3_600_000 };

/** A byline of several people, in this order, each linking their Byline page (JSON-LD `author` as an array). */
const byline = (...people: { name: string; slug: string }[]) =>
  pageWith(jsonLdAuthor(people.map(({ name, slug }) => ({ '@type': 'Person', name, url: profilePage(slug) }))));

/**
 * Co-written articles, through the front doors: two verified journalists add one article whose page credits both;
 * each is proven by the page on their own profile, v1 answers the first the page credits, v2 lists both in that
 * order, an event names each author, and a page that drops one of them lapses only that one's proof.
 */
describe.each(portalStoreFactories())('co-authored articles ($name store)', (factory) => {
  const outlet = outletForAllTests();
  const portal = portalForEachTest(factory, fetchingFrom('news.test'));
  let n = 0;

  async function verifiedJournalist(first: string, last: string) {
    const person = await journalistAllowing(portal, 'news.test', { profile_first_name: first, profile_last_name: last });
    await approvedByEditor(portal, person.profileId);
    return { ...person, name: `${first} ${last}` };
  }

  const lookups = async () => {
    const app = articleVerifier({ store: portal.store, logger: quietLogger() });
    const authorization = await bearer(portal.store);
    return {
      v1: (url: string) => request(app).post('/api/verify_article').query({ url }).set('Authorization', authorization),
      v2: (url: string) => request(app).post('/api/v2/verify_article').query({ url }).set('Authorization', authorization),
      batchV2: (urls: string[]) =>
        request(app).post('/api/v2/verify_articles').send({ urls }).set('Authorization', authorization),
    };
  };

  const events = articleEventsOf(() => portal, 'co-authors');
  /** The article events the store has made since the last call, as `type slug`. */
  const articleEvents = async () => (await events()).map(({ type, data }) => `${type} ${String(data.slug)}`);

  it('proves the article on both, answers the first credited in v1, lists both in v2, and lapses only the one dropped', async () => {
    const aoife = await verifiedJournalist('Aoife', 'Brennan');
    const ciaran = await verifiedJournalist('Ciarán', 'Doyle');
    const path = `/co-written-${++n}-${Date.now()}`;
    const link = outlet.serve(path, byline(aoife, ciaran));
    const url = canonicalizeUrl(link);

    // Ciarán adds it first: proven on his profile. Aoife's proof, later, does not take it from him.
    expect((await addArticle(ciaran.agent, link)).headers.location).toBe('/articles?done=proven');
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=proven');
    for (const person of [aoife, ciaran]) {
      const [claim] = await portal.repositories.articles.claimsOf(person.profileId);
      expect(claim!.proof).toMatchObject({ state: 'proven', evidence: [{ method: 'authorship-attested', endedAt: null }] });
    }
    // An event per author, each naming its author.
    expect(await articleEvents()).toEqual([`article.verified ${ciaran.slug}`, `article.verified ${aoife.slug}`]);

    const { v1, v2, batchV2 } = await lookups();
    // v1 is unchanged in shape: one author, the first the page credits.
    const one = await v1(link);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ verified: true, profile_slug: aoife.slug, profile_first_name: 'Aoife' });
    expect(one.body).not.toHaveProperty('authors');
    // v2: the first author's fields and evidence, then every author in the page's order.
    const two = await v2(link);
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ type: 'article_verified', profile_slug: aoife.slug });
    expect(two.body.authors.map((author: { profile_slug: string }) => author.profile_slug)).toEqual([aoife.slug, ciaran.slug]);
    for (const author of two.body.authors) {
      expect(author).toMatchObject({ verified: true, evidence: expect.any(Array) });
      expect(author).not.toHaveProperty('type');
    }
    const batch = await batchV2([link]);
    expect(batch.status).toBe(200);
    expect(batch.body.results[0].result).toEqual(two.body);

    // The page drops Aoife: her re-checks fail past the grace period and her proof lapses; Ciarán's holds.
    outlet.serve(path, byline(ciaran));
    const { fetchPage } = fetchingFrom('news.test')();
    let clock = Date.now() + POLICY.intervalMs + 60_000;
    const recheck = () =>
      runArticleRecheck({
        sources: portal.repositories,
        queue: portal.repositories.queue,
        fetchPage: fetchPage!,
        portalUrl: PORTAL_URL,
        policy: POLICY,
        holder: 'co-authors',
        now: () => new Date(clock),
      });
    await recheck();
    clock += POLICY.graceMs + DAY;
    await recheck();
    const [hers] = await portal.repositories.articles.claimsOf(aoife.profileId);
    const [his] = await portal.repositories.articles.claimsOf(ciaran.profileId);
    expect(hers!.proof.state).toBe('lapsed');
    expect(his!.proof).toMatchObject({ state: 'proven', evidence: [{ endedAt: null, failingSince: null }] });
    expect(await articleEvents()).toEqual([`article.deactivated ${aoife.slug}`]);

    const after = await lookups();
    expect((await after.v1(url)).body).toMatchObject({ verified: true, profile_slug: ciaran.slug });
    const single = await after.v2(url);
    expect(single.body).toMatchObject({ type: 'article_verified', profile_slug: ciaran.slug });
    expect(single.body).not.toHaveProperty('authors');
  });

  it('approving a profile does not vouch for an article another profile has proven', async () => {
    const ciaran = await verifiedJournalist('Ciarán', 'Doyle');
    const aoife = await journalist(portal, { attribution_domains: 'news.test' });
    const path = `/his-story-${++n}`;
    // Her page check could not read the page (not served yet); then his page proves it on his profile.
    const link = outlet.serve(path, '');
    outlet.pages.delete(path);
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=unproven');
    outlet.serve(path, byline(ciaran));
    expect((await addArticle(ciaran.agent, link)).headers.location).toBe('/articles?done=proven');

    await proveClaim(portal.claims, aoife.profileId, 'twitter', aoife.form.twitter.replace(/^@/, ''));
    const desk = await editor(portal);
    const review = reviewPath(aoife.profileId);
    expect((await desk.agent.get(review)).text).toContain('Move this article here');
    expect((await submit(desk.agent, review, `${review}/decision`, { decision: 'verify', note: '' })).status).toBe(303);
    const [hers] = await portal.repositories.articles.claimsOf(aoife.profileId);
    expect(hers!.proof.state).toBe('claimed');
    expect(await portal.repositories.articles.provenBy(canonicalizeUrl(link))).toEqual([ciaran.profileId]);
  });

  it('answers v1 with the first verified author when the first credited is not verified', async () => {
    const aoife = await journalistAllowing(portal, 'news.test', { profile_first_name: 'Aoife' });
    const ciaran = await verifiedJournalist('Ciarán', 'Doyle');
    const link = outlet.serve(`/unverified-first-${++n}`, byline({ name: 'Aoife Brennan', slug: aoife.slug }, ciaran));
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=proven');
    expect((await addArticle(ciaran.agent, link)).headers.location).toBe('/articles?done=proven');
    const { v1, v2 } = await lookups();
    expect((await v1(link)).body).toMatchObject({ verified: true, profile_slug: ciaran.slug });
    const two = (await v2(link)).body;
    expect(two).toMatchObject({ type: 'article_verified', profile_slug: ciaran.slug });
    expect(two).not.toHaveProperty('authors');
  });
});
