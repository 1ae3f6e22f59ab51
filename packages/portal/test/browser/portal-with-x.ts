/**
 * A portal served on a known loopback address whose "Sign in with X" goes to a real OpenID provider on loopback
 * (as in proofs-browser.test.ts), and the steps a person takes in the browser: sign up, sign in and out, an
 * editor's first sign-in, and signing in with X at the provider.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startOidcProvider, type StoreFactory, type TestAccount, type TestProvider } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { NETWORKS, networkSignInFor, signInEnv } from '../proofs/portal-networks';
import { startPortal, type Portal } from '../support/portal-harness';

export interface PortalWithX {
  portal: Portal;
  provider: TestProvider;
  /** http://127.0.0.1:PORT, the portal's public address. */
  base: string;
  close(): Promise<void>;
}

/**
 * `accounts`: what a person types at X's sign-in page → the account (its `preferred_username` is the handle).
 * `overrides`: more of the portal's dependencies (a journey's domain checks, say).
 */
export async function startPortalWithX(
  factory: StoreFactory,
  accounts: Record<string, TestAccount>,
  overrides: Partial<PortalDeps> = {},
): Promise<PortalWithX> {
  // The portal's address must be known before the provider (its redirect URI) and the app (its public address).
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = await startOidcProvider({
    redirectUris: [`${base}/profile/proofs/callback/twitter`],
    accounts,
    ...NETWORKS.twitter.provider,
  });
  const networkSignIn = networkSignInFor(signInEnv({ twitter: provider }));
  const portal = await startPortal(factory, {
    networkSignIn,
    publicUrls: { portal: base, articleVerifier: 'http://verify.test', journalistVerifier: 'http://journalists.test' },
    ...overrides,
  });
  server.on('request', portal.app as unknown as http.RequestListener);
  return {
    portal,
    provider,
    base,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await provider.stop();
      await portal.close();
    },
  };
}

/** Signs up and lands on the (empty) profile page. */
export async function signUp(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/profile$/);
}

export async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/signin$/);
}

/**
 * A new editor's first sign-in: the one-time password is used up, they choose their own and land on the queue.
 * Returns their credentials for later sign-ins.
 */
export async function firstEditorSignIn(page: Page, base: string, portal: Portal, email: string) {
  const editor = await createEditor(portal.repositories.users, email);
  if (editor.status !== 'created') throw new Error('expected a new editor');
  await signIn(page, base, editor.email, editor.temporaryPassword);
  await page.waitForURL(/\/settings\/password$/);
  const password = `${email}’s own password`;
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL(/\/editor\/queue\?notice=password-saved$/);
  await page.getByText('Password saved.').waitFor();
  return { email: editor.email, password };
}

/**
 * On the profile page: "Sign in with X", then X's own pages (through the portal's page that goes on by itself):
 * sign in as `login`, allow; back on the profile page with the proof's notice.
 */
export async function signInWithX(page: Page, base: string, login: string) {
  await page.getByRole('button', { name: 'Sign in with X' }).click();
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${base}/profile?proof=1`);
}

/** The evidence lists (term → value, whitespace collapsed) under one claim of the editor's review page. */
export async function evidenceOn(page: Page, claimTitle: string): Promise<Record<string, string>[]> {
  const claim = page.locator('li.claim').filter({ has: page.getByRole('heading', { name: claimTitle }) });
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  const lists: Record<string, string>[] = [];
  for (const list of await claim.locator('dl.evidence').all()) {
    // Each term is followed by its one value.
    const terms = await list.locator('dt').allTextContents();
    const values = await list.locator('dd').allTextContents();
    lists.push(Object.fromEntries(terms.map((term, i) => [tidy(term), tidy(values[i] ?? '')])));
  }
  return lists;
}
