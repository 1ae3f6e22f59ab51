import { NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/domain/domain/mappers';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { editor, reviewPath } from './support/editors';
import { portalStoreFactories, submit, textOf } from './support/portal-harness';
import { provenDomain } from './support/staff';
import { creditingPage, PROFILE_NAME, vouchedAttributionPerTest, WORKER_PORTAL_URL } from './support/vouched-attribution';

/**
 * A publisher's vouching ends with its affiliation: the worker attributes pages on a verified outlet's domain to its
 * active staff, crediting them by name alone on the publisher's word; when either side ends the affiliation through
 * the portal, those articles stop answering in both verify_article versions (their proofs kept, marked ended, and the
 * history naming who ended it), while one the page credits by a link to the journalist stays.
 */

const OUTLET = 'vouching-outlet.test';
const BY_NAME = `https://${OUTLET}/2031/council-vote`;
const BY_LINK = `https://${OUTLET}/2031/harbour-dredging`;

describe.each(portalStoreFactories())('an affiliation’s end releases what its vouching proved ($name store)', (factory) => {
  const outlet = vouchedAttributionPerTest(factory, { hostnames: [OUTLET], holder: 'staff-end-test' });
  const { v1, v2, articleEvents } = outlet;

  /**
   * A verified outlet proving OUTLET, a verified journalist on its staff (invited and accepted through the portal),
   * and the worker's attribution of the outlet's two pages to them: one crediting them by name, one by a link.
   */
  async function attributedStaff() {
    const { harbour, person, affiliationId } = await outlet.vouchedStaff('The Harbour Times', ({ publisher, email }) =>
      provenDomain(outlet.portal, publisher.id, OUTLET, email),
    );
    outlet.pages = {
      [BY_NAME]: creditingPage('Council vote', { name: PROFILE_NAME }),
      [BY_LINK]: creditingPage('Harbour dredging', { name: 'A. B.', url: publicProfileUrl(WORKER_PORTAL_URL, person.slug) }),
    };
    await outlet.queueAttribution([BY_NAME, BY_LINK], harbour.publisher.id);
    const summary = await outlet.attribute();
    expect(summary).toMatchObject({ attributed: 2, notAttributed: 0 });

    for (const url of [BY_NAME, BY_LINK]) await outlet.expectVerified(url, person.slug);
    const claims = await outlet.portal.repositories.articles.claimsOf(person.profileId);
    const claimAt = (url: string) => claims.find((claim) => claim.article.link === url)!;
    expect(claimAt(BY_NAME).proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        attribution: { by: 'name', publisherId: harbour.publisher.id, affiliationId },
        endedAt: null,
      }),
    ]);
    expect(claimAt(BY_LINK).proof.evidence).toEqual([
      expect.objectContaining({ attribution: { by: 'link', publisherId: harbour.publisher.id, affiliationId } }),
    ]);
    return { harbour, person, affiliationId };
  }

  /** After the end: the name-only article answers as unknown, its proof kept and ended; the linked one still answers. */
  async function expectNameOnlyReleased(profileId: number, slug: string, endedBy: string) {
    const one = await v1(BY_NAME);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
    const two = await v2(BY_NAME);
    expect(two.status).toBe(200);
    // Still a verified outlet's domain, without the journalist on its staff now.
    expect(two.body).toMatchObject({ type: 'domain_verified', verified: false, domain_info: { domain: OUTLET } });
    expect(JSON.stringify(two.body)).not.toContain(slug);

    expect((await v1(BY_LINK)).body).toMatchObject({ verified: true, profile_slug: slug });
    expect((await v2(BY_LINK)).body).toMatchObject({ type: 'article_verified', verified: true, profile_slug: slug });

    const claims = await outlet.portal.repositories.articles.claimsOf(profileId);
    const byName = claims.find((claim) => claim.article.link === BY_NAME)!;
    const today = new Date().toISOString().slice(0, 10);
    const reason = `Credited by name only, on the vouching of The Harbour Times: the affiliation ended on ${today}.`;
    expect(byName.proof).toMatchObject({ state: 'lapsed', reason });
    expect(byName.proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        endedAt: expect.stringMatching(new RegExp(`^${today}T`)),
        endedReason: reason,
      }),
    ]);
    const byLink = claims.find((claim) => claim.article.link === BY_LINK)!;
    expect(byLink.proof.state).toBe('proven');
    expect(byLink.proof.evidence[0]!.endedAt).toBeNull();

    const history = await outlet.portal.repositories.audit.historyOf(profileId);
    expect(history.filter((record) => record.action === 'article-vouching-ended')).toEqual([
      expect.objectContaining({ actor: endedBy, note: `${BY_NAME}: ${reason}` }),
    ]);
    // The editors read it on the profile's review: the article no longer counts, why, and who ended the vouching.
    const desk = await editor(outlet.portal);
    const review = textOf((await desk.agent.get(reviewPath(profileId))).text);
    expect(review).toContain(reason);
    expect(review).toContain('Attribution by name ended: the publisher’s vouching no longer holds');
    expect(review).toContain(endedBy);
    // An article that stopped counting: its deactivation is a webhook event, as for any other.
    expect(await articleEvents()).toEqual([
      `article.verified ${BY_NAME}`,
      `article.verified ${BY_LINK}`,
      `article.deactivated ${BY_NAME}`,
    ]);
    return reason;
  }

  it('the publisher ends the affiliation: the name-only attribution stops answering, the linked one stays', async () => {
    const { harbour, person, affiliationId } = await attributedStaff();
    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    const ended = await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' });
    expect(ended.status).toBe(303);
    const reason = await expectNameOnlyReleased(person.profileId, person.slug, harbour.email);
    // The journalist sees it on their articles page, with why.
    const own = textOf((await person.agent.get('/articles')).text);
    expect(own).toContain(`No longer counts ${reason}`);
  });

  it('the journalist ends the affiliation: the same', async () => {
    const { person, affiliationId } = await attributedStaff();
    const endPath = `/profile/staff/${affiliationId}/end`;
    const ended = await submit(person.agent, endPath, endPath, { confirm: 'end', reason: '' });
    expect(ended.status).toBe(303);
    await expectNameOnlyReleased(person.profileId, person.slug, person.email);
  });

  it('an article its own page check proved too, by a link, keeps counting on that proof', async () => {
    const { harbour, person, affiliationId } = await attributedStaff();
    await articleEvents();
    // The page later links the journalist and their page check proves it (as checkArticle writes it): a second proof.
    const claim = (await outlet.portal.repositories.articles.claimsOf(person.profileId)).find((c) => c.article.link === BY_NAME)!;
    const linked = {
      method: 'authorship-attested' as const,
      provider: AUTHORSHIP_PROVIDER,
      by: 'byline:authorship-check',
      matched: `JSON-LD author ${publicProfileUrl(WORKER_PORTAL_URL, person.slug)}`,
    };
    const proven = await proveArticle(outlet.portal.repositories.articles, {
      profileId: person.profileId,
      articleId: claim.article.id,
      evidence: linked,
    });
    expect(proven.ok).toBe(true);

    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    expect((await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Left' })).status).toBe(303);
    expect((await v1(BY_NAME)).body).toMatchObject({ verified: true, profile_slug: person.slug });
    expect((await v2(BY_NAME)).body).toMatchObject({ type: 'article_verified', verified: true });
    const after = (await outlet.portal.repositories.articles.claimsOf(person.profileId)).find((c) => c.article.link === BY_NAME)!;
    expect(after.proof.state).toBe('proven');
    expect(after.proof.evidence.map((e) => [e.attribution?.by ?? null, e.endedAt === null])).toEqual([
      ['name', false],
      [null, true],
    ]);
    const [record] = (await outlet.portal.repositories.audit.historyOf(person.profileId)).filter(
      (r) => r.action === 'article-vouching-ended',
    );
    expect(record!.note).toContain('Another live proof keeps it counting.');
    expect(await articleEvents()).toEqual([]);
  });
});
