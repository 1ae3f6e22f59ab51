/**
 * A publisher vouches for its staff, in a real browser: its admin signs up, creates the publisher, adds its domain
 * and proves it by the DNS TXT record the page asks for; an editor verifies the publisher with a note; a journalist
 * signs up, proves her X handle and is verified; the admin invites her by her profile's slug and she accepts on her
 * profile page. An article of hers on the outlet's domain, which she never added, is then answered by a v2 lookup
 * as on a verified outlet and queued; once the worker's attribution has read the page (which names her), the same
 * lookup answers `article_verified` with her profile.
 *
 * Real components throughout: a DNS server on loopback (DNS_SERVERS) holds the TXT record the admin read off the
 * page and answers the outlet's name with the address of an https server of its own (its test CA trusted by
 * OUTBOUND_CA_FILE); the article verifier's app on the portal's store answers the lookups; the worker's attribution
 * runs in-process, built as the worker's main.ts builds it. Only the editor's account (the operator's command) and
 * the outlet's pages are arranged by the test.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { loadConfig } from '@byline/domain/config/config';
import { BYLINE_BOT_USER_AGENT, robotsFetcherFrom } from '@byline/editorial/attribution/robots-txt';
import { createPageFetcher } from '@byline/editorial/authorship/fetch-page';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import { runAttribution } from '@byline/editorial/attribution/run-attribution';
import { ATTRIBUTION_ACTOR } from '@byline/domain/articles/article-proof';
import { outboundOf } from '@byline/fetcher';
import {
  bearer,
  quietLogger,
  startDnsServer,
  startHttpsSite,
  unspreadAttributionAsks,
  type HttpsSite,
  type TestDnsServer,
} from '@byline/test-support';
import { createApp as articleVerifier } from '../../../article-verifier/src/app';
import { portalStoreFactories } from '../support/portal-harness';
import { chromiumAvailable, launchPhoneBrowser, onNewPage } from './chromium';
import { firstEditorSignIn, signIn, signInWithX, signOut, signUp, startPortalWithX, type PortalWithX } from './portal-with-x';
import { approveOnReview, reviewFromQueue } from './editor-review';

const runIt = chromiumAvailable() ? it : it.skip;
const PUBLISHER = 'The Westport Courier';
const PUBLISHER_SLUG = 'the-westport-courier';
/** The outlet's domain: the loopback DNS server answers it with the https server's address. */
const OUTLET = 'westport-courier.test';
const ARTICLE_PATH = '/2031/harbour-dredging';
const ARTICLE = `https://${OUTLET}${ARTICLE_PATH}`;
const HEADLINE = 'Harbour dredging to start in spring';
const V2 = '/api/v2/verify_article';

/** The outlet's article page: its JSON-LD names the journalist as its author, and links nothing of hers. */
const ARTICLE_HTML = `<!doctype html><html><head><title>${HEADLINE}</title><meta property="og:title" content="${HEADLINE}">
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'NewsArticle',
  headline: HEADLINE,
  author: { '@type': 'Person', name: 'Saoirse Gallagher' },
})}</script></head><body><h1>${HEADLINE}</h1><p class="byline">By Saoirse Gallagher</p></body></html>`;

describe.each(portalStoreFactories())('a publisher vouches for its staff, in a real browser ($name store)', (factory) => {
  const handle = `@Courier${Date.now().toString(36).slice(-7)}`; // X allows 15 characters
  let dns: TestDnsServer;
  let outlet: HttpsSite;
  let site: PortalWithX;
  let config: ReturnType<typeof loadConfig>;
  let shots: string;
  /** Every request the outlet's server saw: `PATH USER-AGENT`. */
  const seen: string[] = [];

  beforeAll(async () => {
    const serve: http.RequestListener = (req, res) => {
      seen.push(`${req.url} ${req.headers['user-agent']}`);
      if (req.url === '/robots.txt')
        return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      if (req.url === ARTICLE_PATH)
        return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(ARTICLE_HTML);
      res.writeHead(404).end();
    };
    outlet = await startHttpsSite(serve, { hostnames: [OUTLET] });
    dns = await startDnsServer({ [OUTLET]: { addresses: [outlet.address] } });
    config = loadConfig({ DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: outlet.caFile });
    // At X, "saoirse" is the account whose username is the handle she types in her profile. The domain checks are
    // built from the configuration as main.ts builds them.
    site = await startPortalWithX(
      factory,
      { saoirse: { sub: 'x-8008', preferred_username: handle.slice(1) } },
      { domainProofSources: domainProofSourcesOf(config), recheckPolicy: recheckPolicyOf(config) },
    );
    shots = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-publisher-journey-'));
  });
  afterAll(async () => {
    if (shots) process.stderr.write(`publisher journey: screenshots in ${shots}\n`);
    await site?.close();
    await dns?.close();
    await outlet?.close();
  });

  const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const tidy = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

  runIt(
    'an admin proves the domain, an editor verifies the publisher, a journalist accepts its invitation, and her article there becomes verifiable without her adding it',
    async () => {
      const { portal, base } = site;
      const admin = { email: `courier-admin-${Date.now()}@example.org`, password: 'the admin’s long password' };
      const journalist = { email: `saoirse-${Date.now()}@example.org`, password: 'a long enough password' };
      const closing: (() => Promise<void>)[] = [];
      const verifier = articleVerifier({
        store: portal.store,
        logger: quietLogger(),
        authCacheTtlMs: 0,
        onClose: (task) => void closing.push(task),
      });
      const authorization = await bearer(portal.store);
      // A lookup, then the attribution it asked for written (the verifier writes them together every moment).
      const lookUp = async () => {
        const answer = await request(verifier).post(V2).query({ url: ARTICLE }).set('Authorization', authorization);
        await Promise.all(closing.map((task) => task()));
        return answer;
      };

      await onNewPage({ launch: launchPhoneBrowser, screenshot: 'publisher-journey', timeoutMs: 15_000 }, async (page) => {
        // 1. The admin signs up, creates the publisher and adds its domain...
        await signUp(page, base, admin.email, admin.password);
        await page.getByRole('link', { name: 'Publishers', exact: true }).click();
        await page.waitForURL(/\/publishers$/);
        await page.getByText('You administer no publisher yet.').waitFor();
        await page.getByLabel('Name', { exact: true }).fill(PUBLISHER);
        await page.getByRole('button', { name: 'Add the publisher' }).click();
        await page.waitForURL(new RegExp(`/publishers/${PUBLISHER_SLUG}\\?done=1$`));
        await page.getByText(`${PUBLISHER} is created. Add its domains and prove them; then an editor can verify it.`).waitFor();
        await page.getByLabel('Add a domain').fill(OUTLET);
        await page.getByRole('button', { name: 'Add the domain' }).click();
        await page.getByText(`${OUTLET} is added. Put its token in place (either way below), then Check now.`).waitFor();
        const entry = page.locator(`li[data-domain="${OUTLET}"]`);
        expect(tidy(await entry.locator('.badge').textContent())).toBe('Pending: not proven yet');
        // ...reads the record to make off the page...
        expect(tidy(await entry.locator('code').first().textContent())).toBe(`_byline.${OUTLET}`);
        const value = tidy(await entry.locator(`[id="dns-value-${OUTLET}"]`).textContent());
        expect(value).toMatch(/^byline-verification=[0-9a-f]{32}$/);
        await shoot(page, '1a-domain-added');

        // ...which the outlet's DNS then serves, and "Check now" proves the domain by it.
        dns.set(`_byline.${OUTLET}`, { txt: [value] });
        await entry.getByRole('button', { name: 'Check now' }).click();
        await page.getByText(`${OUTLET} is proven by its DNS TXT record _byline.${OUTLET}. Byline checks it again`).waitFor();
        expect(dns.queries).toContain(`_byline.${OUTLET} TXT`);
        expect(tidy(await entry.locator('.badge').textContent())).toBe('Proven');
        expect(tidy(await entry.textContent())).toContain('Proven by its DNS TXT record on');
        // Not verified yet, it may not invite staff.
        await page.getByText('Only a verified publisher may invite staff').waitFor();
        await shoot(page, '1b-domain-proven');
        // A proven domain of an unverified publisher tells lookups nothing.
        expect((await lookUp()).body).toMatchObject({ type: 'unverified', verified: false });
        await signOut(page);

        // 2. An editor verifies the publisher, with a note.
        const editor = await firstEditorSignIn(page, base, portal, 'desk-editor@example.org');
        await page.getByRole('link', { name: 'All publishers' }).click();
        await page.waitForURL(/\/editor\/publishers$/);
        const listed = page.getByRole('row').filter({ hasText: PUBLISHER });
        expect(tidy(await listed.locator('td[data-label="State"]').textContent())).toBe('Not verified');
        expect(tidy(await listed.locator('td[data-label="Proven domains"]').textContent())).toBe(OUTLET);
        await listed.getByRole('link', { name: PUBLISHER }).click();
        await page.waitForURL(new RegExp(`/publishers/${PUBLISHER_SLUG}$`));
        await page.getByLabel('Why you verify this publisher (required)').fill('Masthead and domain checked with the news desk');
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        await page.getByText(`${PUBLISHER} is verified.`).waitFor();
        const verifiedRow = page.locator('table.history tbody tr').filter({ hasText: 'Masthead and domain checked' });
        expect(tidy(await verifiedRow.locator('td[data-label="What"]').textContent())).toBe('Verified');
        expect(tidy(await verifiedRow.locator('td[data-label="By"]').textContent())).toBe(editor.email);
        await shoot(page, '2-publisher-verified');
        await signOut(page);

        // Verified with a proven domain, the publisher is named in lookups of its pages: the article is not known yet.
        const before = await lookUp();
        expect(before.status).toBe(200);
        expect(before.body).toMatchObject({
          type: 'domain_verified',
          verified: false,
          domain_info: { publisher_name: PUBLISHER, publisher_slug: PUBLISHER_SLUG, domain: OUTLET, method: 'dns_record' },
        });

        // 3. The journalist signs up, fills her profile, proves her X handle and asks to be verified...
        await signUp(page, base, journalist.email, journalist.password);
        await page.getByLabel('First name').fill('Saoirse');
        await page.getByLabel('Last name').fill('Gallagher');
        await page.getByLabel('Employer').fill(PUBLISHER);
        await page.getByLabel('X (Twitter)').fill(handle);
        await page.getByRole('button', { name: 'Create profile' }).click();
        await page.getByText('Profile saved.').waitFor();
        const slug = tidy(await page.locator('#verification-heading ~ p a[href^="/j/"]').textContent()).replace('/j/', '');
        expect(slug).toBe('saoirse-gallagher');
        await signInWithX(page, base, 'saoirse');
        await page.getByText(`Your X handle ${handle} is proven: you signed in with X.`).waitFor();
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await signOut(page);

        // ...and the editor verifies her on the proof.
        await signIn(page, base, editor.email, editor.password);
        await page.waitForURL(/\/editor\/queue$/);
        await reviewFromQueue(page, 'Saoirse Gallagher', `X ${handle} proven (signed in)`);
        await page.getByRole('heading', { name: 'Review Saoirse Gallagher' }).waitFor();
        await approveOnReview(page, 'Signed in with X as the handle; Courier staff list checked');
        await shoot(page, '3-journalist-verified');
        await signOut(page);

        // 4. The admin invites her by her profile's slug...
        // Signing in, the admin (no journalist profile) lands on the publisher's page.
        await signIn(page, base, admin.email, admin.password);
        await page.waitForURL(new RegExp(`/publishers/${PUBLISHER_SLUG}$`));
        await page.getByLabel('Invite a journalist').fill(slug);
        await page.getByRole('button', { name: 'Invite', exact: true }).click();
        await page.getByText(`${slug} is invited. They accept on their profile page.`).waitFor();
        const staffRow = page.locator('#staff tbody tr').filter({ has: page.locator(`a[href="/j/${slug}"]`) });
        expect(tidy(await staffRow.locator('td[data-label="State"]').textContent())).toBe('Invited');
        await shoot(page, '4a-invited');
        await signOut(page);

        // ...and she sees the invitation on her profile page and accepts it.
        await signIn(page, base, journalist.email, journalist.password);
        await page.waitForURL(/\/profile$/);
        await page.getByRole('heading', { name: 'Invitations from publishers' }).waitFor();
        const invitation = page.locator('li[data-invitation]').filter({ hasText: PUBLISHER });
        expect(tidy(await invitation.locator('strong').textContent())).toBe(PUBLISHER);
        await shoot(page, '4b-invitation');
        await invitation.getByRole('button', { name: 'Accept' }).click();
        await page.waitForURL(/\/profile\?staff=accepted$/);
        await page.getByText('Invitation accepted: the publisher’s affiliation now shows on your profile.').waitFor();
        const today = portal.clock.now.toISOString().slice(0, 10);
        expect(tidy(await page.locator('li[data-affiliation] .affiliation').textContent())).toBe(
          `Staff at ${PUBLISHER} since ${today}`,
        );
        await shoot(page, '4c-accepted');

        // 5. She never added the article: a lookup names the outlet and its verified staff at once, and queues the page.
        const { repositories } = portal;
        const profileId = (await repositories.profiles.findBySlug(slug))!.id;
        expect(await repositories.articles.claimsOf(profileId)).toEqual([]);
        const plus = await lookUp();
        expect(plus.status).toBe(200);
        expect(plus.body).toMatchObject({
          type: 'domain_verified_plus',
          verified: false,
          domain_info: {
            publisher_name: PUBLISHER,
            publisher_slug: PUBLISHER_SLUG,
            domain: OUTLET,
            method: 'dns_record',
          },
          journalists: [{ slug, first_name: 'Saoirse', last_name: 'Gallagher' }],
        });
        // Asked for, to be spread into its own item by the worker's run.
        expect(await unspreadAttributionAsks(repositories.queue)).toEqual([ARTICLE]);
        // The lookup fetched nothing: only the worker reads the outlet's pages.
        expect(seen).toEqual([]);

        // The worker's attribution, in-process on the same store, built as the worker's main.ts builds it.
        const summary = await runAttribution({
          queue: repositories.queue,
          publishers: repositories.publishers,
          publisherDomains: repositories.publisherDomains,
          staff: repositories.staff,
          sources: repositories,
          fetchPage: createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT }),
          fetchRobots: robotsFetcherFrom(config),
          portalUrl: base,
          holder: 'publisher-journey',
        });
        expect(summary).toMatchObject({ attributed: 1, notAttributed: 0, disallowed: 0, retried: 0, gaveUp: 0 });
        expect(seen).toEqual([`/robots.txt ${BYLINE_BOT_USER_AGENT}`, `${ARTICLE_PATH} ${BYLINE_BOT_USER_AGENT}`]);

        const after = await lookUp();
        expect(after.status).toBe(200);
        expect(after.body).toMatchObject({
          type: 'article_verified',
          verified: true,
          profile_slug: slug,
          profile_first_name: 'Saoirse',
          profile_last_name: 'Gallagher',
          domain_info: { publisher_slug: PUBLISHER_SLUG, domain: OUTLET },
        });
        expect(after.body.evidence).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ type: 'cawg.affiliation', provider: expect.objectContaining({ name: PUBLISHER }) }),
          ]),
        );
        // Credited on the publisher's word, not hers: the evidence is the attribution's.
        const [claim] = await repositories.articles.claimsOf(profileId);
        expect(claim!.article).toMatchObject({ link: ARTICLE, title: HEADLINE });
        expect(claim!.proof.state).toBe('proven');
        expect(claim!.proof.evidence).toEqual([
          expect.objectContaining({
            method: 'authorship-attested',
            by: ATTRIBUTION_ACTOR,
            matched: expect.stringContaining('author name “Saoirse Gallagher”'),
            note: expect.stringContaining(`Attributed on the vouching of ${PUBLISHER}`),
          }),
        ]);

        // Her Articles page now lists it as counting, and says on whose word.
        await page.getByRole('link', { name: 'Articles', exact: true }).click();
        await page.waitForURL(/\/articles$/);
        const status = page.getByRole('row').filter({ hasText: HEADLINE }).locator('td[data-label="Status"]');
        expect(tidy(await status.locator('strong').textContent())).toBe('Counts');
        expect(tidy(await status.textContent())).toContain(
          `its page credits you (author name “Saoirse Gallagher” (attributed on the vouching of ${PUBLISHER}))`,
        );
        await shoot(page, '5-article-attributed');
      });
    },
    120_000,
  );
});
