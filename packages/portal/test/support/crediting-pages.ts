import type http from 'node:http';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { forAllTests, loopbackOutbound } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { createPageFetcher } from '../../src/fetch/fetch-page';
import type { Agent, Portal } from './portal-harness';
import { ARTICLE_HTML, pageServer, profileForm, signedUp, submit, testResolver } from './portal-harness';

/** The portal's public address in tests (createApp's default PUBLIC_PORTAL_URL): profile pages are under it. */
export const PORTAL_URL = 'http://localhost:8082';
export const profilePage = (slug: string) => `${PORTAL_URL}/j/${slug}`;

/** An article page whose head carries this author markup. */
export const pageWith = (markup: string, title = 'Court hears appeal in harbour case') =>
  ARTICLE_HTML(title).replace('</head>', `${markup}\n</head>`);

export const relAuthor = (href: string) => `<link rel="author" href="${href}">`;
export const jsonLdAuthor = (author: unknown) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', author })}</script>`;
export const metaAuthor = (name: string) => `<meta name="author" content="${name}">`;
export const fediverseCreator = (account: string) => `<meta name="fediverse:creator" content="${account}">`;

/** Outlets' pages on loopback (news.test and others resolve there): each path serves what the test set for it. */
export async function outletPages() {
  const pages = new Map<string, string>();
  const handler: http.RequestListener = (req, res) => {
    const page = pages.get((req.url ?? '').split('?')[0]!);
    if (page === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  };
  const server = await pageServer(handler);
  return {
    ...server,
    pages,
    /** Serves `html` at `path` on news.test; returns the article's address. */
    serve(path: string, html: string, host = 'news.test'): string {
      pages.set(path, html);
      return `http://${host}:${server.port}${path}`;
    },
  };
}

/** Outlets' pages (outletPages) for the tests of the enclosing describe block: started before the first, closed after the last. */
export const outletForAllTests = () => forAllTests(outletPages, (outlet) => outlet.close());

/** Portal settings whose page fetcher finds `hosts` on loopback, where outletPages listens: a new fetcher each call. */
export const fetchingFrom =
  (...hosts: string[]) =>
  (): Partial<PortalDeps> => ({
    fetchPage: createPageFetcher(loopbackOutbound(testResolver(Object.fromEntries(hosts.map((host) => [host, '127.0.0.1']))))),
  });

/** A signed-up journalist with a profile that allows `domains` to credit them; with their profile's id and slug. */
export async function journalistAllowing(portal: Portal, domains = 'news.test', form: Record<string, string> = {}) {
  const session = await signedUp(portal.app);
  const fields = profileForm({ attribution_domains: domains, ...form });
  const saved = await submit(session.agent, '/profile', '/profile', fields);
  if (saved.status !== 303) throw new Error(`profile not saved: ${saved.status}`);
  const user = await portal.repositories.users.findByEmail(session.email);
  const profile = await portal.repositories.profiles.findById(user!.profileId!);
  return { ...session, form: fields, profileId: profile!.id, slug: profile!.profile_slug, profile: profile! };
}

/** Adds an article by address through the form (as a journalist would after the prefill). */
export function addArticle(agent: Agent, link: string, title = 'My story') {
  return submit(agent, '/articles', '/articles', { link, title, published_at: '2024-05-02', active: 'on' });
}

/** What the tests of articles on the outlet ask of the portal, for the tests of one describe block. */
export function articleChecks(portal: Portal) {
  let n = 0;
  return {
    /** A path on the outlet no test has served yet. */
    path: (prefix = '/story') => `${prefix}-${++n}-${Date.now()}`,
    /** The id of the profile the store credits with the article at `link`, or null. */
    counts: async (link: string) => (await portal.store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.id ?? null,
    /** The profile's claim of the article at `link`. */
    claimOf: async (profileId: number, link: string) =>
      (await portal.repositories.articles.claimsOf(profileId)).find((claim) => claim.article.link === link)!,
  };
}
