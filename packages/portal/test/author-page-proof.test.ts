import {
  addArticle,
  articleChecks,
  fetchingFrom,
  journalistAllowing,
  jsonLdAuthor,
  outletForAllTests,
  pageWith,
  profilePage,
  relAuthor,
} from './support/crediting-pages';
import { portalForEachTest, portalStoreFactories } from './support/portal-harness';
import { proveClaim } from './support/proofs';

/** A site's page about one of its writers, as Google's ProfilePage guidance has sites write them. */
const authorPage = ({ sameAs = [] as string[], relMe = [] as string[] }) =>
  `<!doctype html><html><head><title>Aoife Brennan – The News</title>
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    mainEntity: { '@type': 'Person', name: 'Aoife Brennan', sameAs },
  })}</script>
  ${relMe.map((href) => `<link rel="me" href="${href}">`).join('\n')}
  </head><body><h1>Aoife Brennan</h1></body></html>`;

/**
 * Most sites link a byline to their own author page, not to the journalist's accounts: the page check follows
 * such a link once, on a domain the journalist allows, and the author page's own links (JSON-LD sameAs, rel="me")
 * prove the article when one is the journalist's Byline page or a proven account.
 */
describe.each(portalStoreFactories())('articles proven through the site’s author page ($name store)', (factory) => {
  const outlet = outletForAllTests();
  const portal = portalForEachTest(factory, fetchingFrom('news.test', 'elsewhere.test'));
  const { path, counts, claimOf } = articleChecks(portal);

  it('proves an article whose byline links an author page whose sameAs is a proven handle, naming both pages', async () => {
    const aoife = await journalistAllowing(portal);
    const twitter = aoife.form.twitter.replace(/^@/, '');
    await proveClaim(portal.claims, aoife.profileId, 'twitter', twitter);
    const about = outlet.serve(path('/authors/aoife'), authorPage({ sameAs: [`https://x.com/${twitter}`] }));
    const link = outlet.serve(path(), pageWith(jsonLdAuthor({ '@type': 'Person', name: 'Aoife Brennan', url: about })));
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=proven');
    expect(await counts(link)).toBe(aoife.profileId);
    expect((await claimOf(aoife.profileId, link)).proof.evidence).toEqual([
      expect.objectContaining({ method: 'authorship-attested', matched: `author page ${about} → https://x.com/${twitter}` }),
    ]);
  });

  it('proves one whose rel="author" page links her Byline page with rel="me"', async () => {
    const aoife = await journalistAllowing(portal);
    const about = outlet.serve(path('/authors/brennan'), authorPage({ relMe: [profilePage(aoife.slug)] }));
    const link = outlet.serve(path(), pageWith(relAuthor(about)));
    await addArticle(aoife.agent, link);
    expect(await counts(link)).toBe(aoife.profileId);
    expect((await claimOf(aoife.profileId, link)).proof.evidence[0]!.matched).toBe(
      `author page ${about} → ${profilePage(aoife.slug)}`,
    );
  });

  it('does not prove one whose author page links only a handle she merely claimed', async () => {
    const aoife = await journalistAllowing(portal);
    const about = outlet.serve(
      path('/authors/claimed'),
      authorPage({ sameAs: [`https://www.facebook.com/${aoife.form.facebook}`] }),
    );
    const link = outlet.serve(path(), pageWith(relAuthor(about)));
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=unproven');
    expect(await counts(link)).toBeNull();
    expect((await claimOf(aoife.profileId, link)).proof.state).toBe('claimed');
  });

  it('does not follow an author page on a domain she does not allow', async () => {
    const aoife = await journalistAllowing(portal);
    const elsewhere = outlet.serve(path('/authors/away'), authorPage({ relMe: [profilePage(aoife.slug)] }), 'elsewhere.test');
    const link = outlet.serve(path(), pageWith(relAuthor(elsewhere)));
    await addArticle(aoife.agent, link);
    expect(await counts(link)).toBeNull();
    expect((await claimOf(aoife.profileId, link)).proof.state).toBe('claimed');
  });
});
