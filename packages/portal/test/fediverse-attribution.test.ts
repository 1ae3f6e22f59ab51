import type http from 'node:http';
import { loadConfig } from '@byline/domain/config/config';
import { recordProof } from '@byline/domain/claims/record-proof';
import { DEFAULT_RECHECK_POLICY } from '@byline/domain/proofs/claim-store';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { runArticleRecheck } from '@byline/editorial/authorship/article-recheck';
import { createActorReader } from '@byline/editorial/authorship/fediverse-actor';
import { createPageFetcher } from '@byline/editorial/authorship/fetch-page';
import { outboundOf } from '@byline/fetcher';
import { startDnsServer, startHttpsSite, type HttpsSite, type TestDnsServer } from '@byline/test-support';
import { addArticle, fediverseCreator, journalistAllowing, pageWith, PORTAL_URL } from './support/crediting-pages';
import { editor } from './support/editors';
import { portalForEachTest, portalStoreFactories, textOf, type Portal } from './support/portal-harness';

/**
 * Both sides of fediverse attribution, through the portal's front door: an outlet's article pages on a real https
 * site on loopback (news.test, which the journalist lists in Byline; elsewhere.test and its www, which she does not),
 * whose fediverse:creator names her proven account @aoife@social.test; and social.test, a fediverse server on
 * loopback answering WebFinger and serving her ActivityPub actor with the attributionDomains each test sets. Names
 * are answered by a loopback DNS server (DNS_SERVERS) and the test CA trusted by OUTBOUND_CA_FILE, so the portal
 * builds its own page fetcher and actor reader from the configuration, as main does.
 */

const OUTLET_HOSTS = ['news.test', 'elsewhere.test', 'www.elsewhere.test'];
/** A fediverse host that resolves to a loopback address nothing listens on: its server cannot be reached. */
const DOWN_HOST = 'down.test';

let outlet: HttpsSite;
let social: HttpsSite;
let dns: TestDnsServer;
/** The outlet's pages by host and path. */
const pages = new Map<string, string>();
/** social.test's actors by user name: their attributionDomains (undefined: the actor lists none). */
const actors = new Map<string, string[] | undefined>();
/** The WebFinger resources social.test was asked for. */
const asked: string[] = [];

const serveOutlet: http.RequestListener = (req, res) => {
  const page = pages.get(`${req.headers.host}${req.url}`);
  if (page === undefined) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
};

const serveSocial: http.RequestListener = (req, res) => {
  const url = new URL(req.url ?? '/', 'https://social.test');
  const json = (type: string, body: unknown) => void res.writeHead(200, { 'Content-Type': type }).end(JSON.stringify(body));
  if (url.pathname === '/.well-known/webfinger') {
    const resource = url.searchParams.get('resource') ?? '';
    asked.push(resource);
    const user = /^acct:([^@]+)@social\.test$/.exec(resource)?.[1];
    if (!user || !actors.has(user)) return void res.writeHead(404).end();
    return json('application/jrd+json', {
      subject: resource,
      links: [
        { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: `https://social.test/@${user}` },
        { rel: 'self', type: 'application/activity+json', href: `https://social.test/users/${user}` },
      ],
    });
  }
  const user = /^\/users\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!user || !actors.has(user) || !/activity\+json/.test(String(req.headers.accept))) return void res.writeHead(404).end();
  const domains = actors.get(user);
  return json('application/activity+json; charset=utf-8', {
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      { toot: 'http://joinmastodon.org/ns#', attributionDomains: { '@id': 'toot:attributionDomains', '@type': '@id' } },
    ],
    id: `https://social.test/users/${user}`,
    type: 'Person',
    preferredUsername: user,
    url: `https://social.test/@${user}`,
    ...(domains ? { attributionDomains: domains } : {}),
  });
};

beforeAll(async () => {
  outlet = await startHttpsSite(serveOutlet, { hostnames: OUTLET_HOSTS });
  social = await startHttpsSite(serveSocial, { hostnames: ['social.test'] });
  dns = await startDnsServer({
    ...Object.fromEntries(OUTLET_HOSTS.map((host) => [host, { addresses: [outlet.address] }])),
    'social.test': { addresses: [social.address] },
    [DOWN_HOST]: { addresses: ['127.3.2.1'] },
  });
});
afterAll(async () => {
  await Promise.all([outlet?.close(), social?.close(), dns?.close()]);
});

/** The configuration main reads: the tests' names from DNS_SERVERS, loopback allowed, the test CA trusted. */
const outbound = () =>
  outboundOf(loadConfig({ DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: outlet.caFile }));

describe.each(portalStoreFactories())('fediverse attribution from both sides ($name store)', (factory) => {
  // The portal builds its page fetcher and actor reader from `outbound` (its defaults), as main does.
  const portal = portalForEachTest(factory, () => ({ outbound: outbound(), fetchPage: undefined, readActor: undefined }));
  let n = 0;

  const counts = async (link: string) => (await portal.store.findAuthorOfArticle(canonicalizeUrl(link)))?.profile.id ?? null;
  const claimOf = async (profileId: number, link: string) =>
    (await portal.repositories.articles.claimsOf(profileId)).find((claim) => claim.article.link === link)!;
  /** Serves a page crediting `accounts` by fediverse:creator at a fresh path on `host`; returns its address. */
  const page = (host: string, ...accounts: string[]) => {
    const path = `/story-${++n}-${Date.now()}`;
    pages.set(`${host}${path}`, pageWith(accounts.map(fediverseCreator).join('\n')));
    return `https://${host}${path}`;
  };

  /** A journalist allowing news.test in Byline, with `account` proven by rel="me". */
  async function journalistWithAccount(account: string, p: Portal = portal) {
    const journalist = await journalistAllowing(p, 'news.test');
    const evidence = {
      method: 'rel-me' as const,
      provider: { id: 'urn:byline:rel-me', name: 'rel="me"' },
      provenValue: `https://${account.split('@')[2]}/@${account.split('@')[1]}`,
      by: 'byline:rel-me check',
    };
    const proven = await recordProof(p.claims, { profileId: journalist.profileId, kind: 'fediverse', value: account, evidence });
    expect(proven).toMatchObject({ ok: true });
    return journalist;
  }

  it('proves a page on a domain only her fediverse account allows, subdomains included, and says the account allowed it', async () => {
    actors.set('aoife', ['https://elsewhere.test/']);
    const aoife = await journalistWithAccount('@aoife@social.test');
    const link = page('www.elsewhere.test', '@Aoife@social.test');
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=proven');
    expect(await counts(link)).toBe(aoife.profileId);
    const { proof } = await claimOf(aoife.profileId, link);
    expect(proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        matched: 'fediverse:creator @Aoife@social.test',
        allowedBy: ['fediverse-actor'],
        endedAt: null,
      }),
    ]);
    expect(asked).toContain('acct:aoife@social.test');
    expect(textOf((await aoife.agent.get('/articles')).text)).toContain(
      'its page credits you (fediverse:creator @Aoife@social.test; allowed by your fediverse account)',
    );
  });

  it('names both sides when her Byline list and her account both allow the page', async () => {
    actors.set('aoife', ['news.test']);
    const aoife = await journalistWithAccount('@aoife@social.test');
    const link = page('news.test', '@aoife@social.test');
    await addArticle(aoife.agent, link);
    expect((await claimOf(aoife.profileId, link)).proof.evidence).toEqual([
      expect.objectContaining({ allowedBy: ['byline', 'fediverse-actor'] }),
    ]);
  });

  it('does not prove a page on a domain neither side allows, and says so; nor one whose account is only claimed', async () => {
    actors.set('aoife', ['other.test']);
    const aoife = await journalistWithAccount('@aoife@social.test');
    // Named twice, asked once.
    const link = page('elsewhere.test', '@aoife@social.test', '@AOIFE@social.test');
    const askedBefore = asked.length;
    expect((await addArticle(aoife.agent, link)).headers.location).toBe('/articles?done=unproven');
    expect(asked.slice(askedBefore)).toEqual(['acct:aoife@social.test']);
    expect(await counts(link)).toBeNull();
    const reason =
      'Its page credits you, but elsewhere.test is not among the domains you allow to credit you, nor among those your fediverse account @aoife@social.test allows (its attribution domains). Add it on your profile page or to that account’s attribution domains, then check again.';
    expect((await claimOf(aoife.profileId, link)).proof).toMatchObject({ state: 'claimed', reason, evidence: [] });
    const desk = await editor(portal);
    expect(textOf((await desk.agent.get(`/editor/profiles/${aoife.profileId}`)).text)).toContain(
      'Its page credits the journalist, but elsewhere.test is not among the domains the journalist allows to credit them, nor among those their fediverse account @aoife@social.test allows (its attribution domains). The journalist can add it on their profile page or to that account’s attribution domains.',
    );

    // An account she merely typed in is never asked: whoever runs it could otherwise allow any page.
    actors.set('ciaran', ['elsewhere.test']);
    const claimedOnly = page('elsewhere.test', '@ciaran@social.test');
    const before = asked.length;
    await addArticle(aoife.agent, claimedOnly);
    expect(await counts(claimedOnly)).toBeNull();
    expect(asked.slice(before)).not.toContain('acct:ciaran@social.test');
  });

  it('falls back to her Byline list alone when her account’s server cannot be reached', async () => {
    const aoife = await journalistWithAccount(`@aoife@${DOWN_HOST}`);
    const listed = page('news.test', `@aoife@${DOWN_HOST}`);
    expect((await addArticle(aoife.agent, listed)).headers.location).toBe('/articles?done=proven');
    expect((await claimOf(aoife.profileId, listed)).proof.evidence).toEqual([
      expect.objectContaining({ matched: `fediverse:creator @aoife@${DOWN_HOST}`, allowedBy: ['byline'] }),
    ]);

    const unlisted = page('elsewhere.test', `@aoife@${DOWN_HOST}`);
    await addArticle(aoife.agent, unlisted);
    expect(await counts(unlisted)).toBeNull();
    expect((await claimOf(aoife.profileId, unlisted)).proof.reason).toBe(
      `Its page credits you, but elsewhere.test is not among the domains you allow to credit you, and your fediverse account @aoife@${DOWN_HOST} could not be read to see whether it allows it (its server did not answer). Add it on your profile page, then check again.`,
    );
  });

  it('re-checks by the same rule: a page the account stops allowing fails, and holds again once it is back', async () => {
    actors.set('aoife', ['elsewhere.test']);
    const aoife = await journalistWithAccount('@aoife@social.test');
    const link = page('elsewhere.test', '@aoife@social.test');
    await addArticle(aoife.agent, link);
    expect(await counts(link)).toBe(aoife.profileId);

    // The worker's re-check, with the fetchers main builds from the same configuration.
    let clock = portal.clock.now.getTime() + DEFAULT_RECHECK_POLICY.intervalMs + 60_000;
    const recheck = () =>
      runArticleRecheck({
        sources: portal.repositories,
        queue: portal.repositories.queue,
        fetchPage: createPageFetcher(outbound()),
        readActor: createActorReader(outbound()),
        portalUrl: PORTAL_URL,
        policy: DEFAULT_RECHECK_POLICY,
        holder: 'fediverse-test',
        now: () => new Date(clock),
      });
    actors.set('aoife', ['news.test']);
    expect(await recheck()).toMatchObject({ checked: 1, failing: 1 });
    let [evidence] = (await claimOf(aoife.profileId, link)).proof.evidence;
    expect(evidence!.lastFailure).toContain('nor among those your fediverse account @aoife@social.test allows');
    expect(await counts(link)).toBe(aoife.profileId); // within the grace period

    actors.set('aoife', ['news.test', 'elsewhere.test']);
    clock += DEFAULT_RECHECK_POLICY.retryMs + 60_000;
    expect(await recheck()).toMatchObject({ checked: 1, held: 1 });
    [evidence] = (await claimOf(aoife.profileId, link)).proof.evidence;
    expect(evidence).toMatchObject({ failingSince: null, lastFailure: null, allowedBy: ['fediverse-actor'], endedAt: null });
  });
});
