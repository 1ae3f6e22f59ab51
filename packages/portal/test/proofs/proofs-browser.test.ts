/**
 * Proofs in a real browser (chromium) under the portal's own Content-Security-Policy: "Sign in with X" goes
 * to the network's pages and back (a plain 303 from the form would be blocked by `form-action 'self'`), and the
 * public page's JSON-LD block raises no CSP violation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startOidcProvider, type TestProvider } from '@byline/test-support';
import { chromiumAvailable, launchPhoneBrowser, withScreenshotOnFailure } from '../browser/chromium';
import { portalStoreFactories, startPortal, type Portal } from '../support/portal-harness';
import { NETWORKS, networkSignInFor, signInEnv } from './portal-networks';
import { approvedByEditor } from '../support/editors';

const runIt = chromiumAvailable() ? it : it.skip;

/** Console messages that report a Content-Security-Policy violation. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

describe.each(portalStoreFactories())('proofs in a real browser ($name store)', (factory) => {
  let portal: Portal;
  let provider: TestProvider;
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    // The portal's address must be known before the provider (its redirect URI) and the app (its public address).
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const x = NETWORKS.twitter;
    provider = await startOidcProvider({
      redirectUris: [`${base}/profile/proofs/callback/twitter`],
      accounts: { niamh: { sub: 'x-1001', preferred_username: x.username } },
      ...x.provider,
    });
    const networkSignIn = networkSignInFor(signInEnv({ twitter: provider }));
    portal = await startPortal(factory, {
      networkSignIn,
      publicUrls: { portal: base, articleVerifier: 'http://verify.test', journalistVerifier: 'http://journalists.test' },
    });
    server.on('request', portal.app as unknown as http.RequestListener);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await provider?.stop();
    await portal?.close();
  });

  runIt('signs in with X from the profile page, comes back proven, and the public page shows it', async () => {
    const browser = await launchPhoneBrowser();
    const page = await browser.context.newPage();
    const violations = cspViolations(page);
    try {
      await withScreenshotOnFailure(page, 'proofs-sign-in', async () => {
        await page.goto(`${base}/signup`);
        await page.getByLabel('Email').fill(`proofs-${Date.now()}@example.org`);
        await page.getByLabel('Password').fill('a long enough password');
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.waitForURL(/\/profile$/);
        await page.getByLabel('First name').fill('Niamh');
        await page.getByLabel('Last name').fill('Cassidy');
        await page.getByLabel('X (Twitter)').fill(`@${NETWORKS.twitter.username}`);
        await page.getByRole('button', { name: 'Create profile' }).click();
        await page.getByText('Profile saved.').waitFor();

        await page.getByRole('button', { name: 'Sign in with X' }).click();
        // The provider's own pages, reached through the portal's page that goes on by itself.
        await page.getByLabel('Username').fill('niamh');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Allow' }).click();
        await page.waitForURL(`${base}/profile?proof=1`);
        await page.getByText(`Your X handle @${NETWORKS.twitter.username} is proven: you signed in with X.`).waitFor();

        const profile = (await portal.repositories.profiles.findBySlug('niamh-cassidy'))!;
        await approvedByEditor(portal, profile.id);
        await page.goto(`${base}/j/niamh-cassidy`);
        await page.getByText(`— signed in with X on`).waitFor();
        const ld = await page.locator('script[type="application/ld+json"]').textContent();
        expect(JSON.parse(ld!)).toMatchObject({ '@type': 'Person', sameAs: [`https://x.com/${NETWORKS.twitter.username}`] });
      });
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
