import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createEditor } from '../../src/use-cases/accounts';
import { ARTICLE_HTML, pageServer, portalStoreFactories, startPortal, type Portal } from '../support/portal-harness';
import { verifiers } from '../support/verifiers';
import { chromiumAvailable, launchPhoneBrowser, withScreenshotOnFailure } from './chromium';

const runIt = chromiumAvailable() ? it : it.skip;

describe.each(portalStoreFactories())('portal in a real browser ($name store)', (factory) => {
  let portal: Portal;
  let server: Server;
  let base: string;
  let articles: Awaited<ReturnType<typeof pageServer>>;

  beforeAll(async () => {
    portal = await startPortal(factory);
    server = portal.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    articles = await pageServer(
      (_req, res) =>
        void res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE_HTML('Harbour appeal reaches the High Court')),
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await articles?.close();
    await portal?.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin$/);
  }

  runIt(
    'sign up → profile → article from its address → request verification → editor approves → API key verifies article and handle',
    async () => {
      const browser = await launchPhoneBrowser();
      const page = await browser.context.newPage();
      const journalist = { email: `browser-${Date.now()}@example.org`, password: 'a long enough password' };
      const handle = `@Harbour${Date.now().toString(36).slice(-7)}`; // X allows 15 characters
      const articleAddress = articles.url('/news/harbour-appeal');
      try {
        await withScreenshotOnFailure(page, 'portal-journey', async () => {
          await page.goto(`${base}/signup`);
          await page.getByLabel('Email').fill(journalist.email);
          await page.getByLabel('Password').fill(journalist.password);
          await page.getByRole('button', { name: 'Sign up' }).click();
          await page.waitForURL(/\/profile$/);

          await page.getByLabel('First name').fill('Róisín');
          await page.getByLabel('Last name').fill('Keane');
          await page.getByLabel('Title').fill('Courts correspondent');
          await page.getByLabel('Employer').fill('The Harbour Herald');
          await page.getByLabel('X (Twitter)').fill(handle);
          await page.getByRole('button', { name: 'Create profile' }).click();
          await page.getByText('Profile saved.').waitFor();

          await page.getByRole('link', { name: 'Articles' }).click();
          await page.getByLabel('Article address').fill(articleAddress);
          await page.getByRole('button', { name: 'Add article' }).click();
          await page.getByText('We filled in what the page says.').waitFor();
          expect(await page.getByLabel('Headline').inputValue()).toBe('Harbour appeal reaches the High Court');
          expect(await page.getByLabel('Published (UTC)').inputValue()).toBe('2024-05-02T07:30:00.000Z');
          expect(await page.getByLabel('Tags').inputValue()).toBe('courts, harbour');
          await page.getByRole('button', { name: 'Save article' }).click();
          await page.getByText('Article saved.').waitFor();

          await page.getByRole('link', { name: 'Profile' }).click();
          await page.getByRole('button', { name: 'Request verification' }).click();
          await page.getByText('an editor will review it').waitFor();
          await signOut(page);

          const editor = await createEditor(portal.portalStore, 'desk-editor@example.org');
          if (editor.status !== 'created') throw new Error('expected a new editor');
          await signIn(page, editor.email, editor.temporaryPassword);
          // The one-time password is used up: the editor chooses their own, then lands on the queue.
          await page.waitForURL(/\/settings\/password$/);
          await page.getByLabel('Password').fill('the desk editor’s own password');
          await page.getByRole('button', { name: 'Save password' }).click();
          await page.waitForURL(/\/editor\/queue$/);
          await page.getByRole('link', { name: 'Review' }).click();
          await page.getByText('Harbour appeal reaches the High Court').waitFor();
          await page.getByLabel('Note for the record').fill('Confirmed with the Herald news desk');
          await page.getByRole('button', { name: 'Approve and verify' }).click();
          await page.getByText('Profile verified.').waitFor();
          await signOut(page);

          await signIn(page, journalist.email, journalist.password);
          await page.getByText('Verified journalist').waitFor();
          await page.getByText('Confirmed with the Herald news desk').waitFor();
          await page.getByRole('link', { name: 'API settings' }).click();
          await page.getByRole('button', { name: 'Open an API account' }).click();
          await page.getByLabel('Key name').fill('Browser journey');
          await page.getByRole('button', { name: 'Create key' }).click();
          await page.waitForURL(/\/settings\/api$/);
          const token = (await page.locator('#new-token').textContent())!.trim();
          expect(token).toMatch(/^\w{24}:\w{24}$/);
          expect(await page.locator('#curl-article').textContent()).toContain(token);
          await page.reload();
          await page.getByRole('heading', { name: 'Keys' }).waitFor();
          expect(await page.locator('#new-token').count()).toBe(0);

          const { verifyArticle, verifyJournalist } = verifiers(portal.store);
          const article = await verifyArticle(token, articleAddress);
          expect(article.status).toBe(200);
          expect(article.body).toMatchObject({
            verified: true,
            profile_first_name: 'Róisín',
            profile_employer: 'The Harbour Herald',
          });
          const person = await verifyJournalist(token, handle.toLowerCase());
          expect(person.status).toBe(200);
          expect(person.body).toMatchObject({ verified: true, profile_social_profiles: { twitter: handle } });

          await page.goto(`${base}/j/roisin-keane`);
          await page.getByText('Verified journalist').waitFor();
          const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
          expect(overflow).toBe(false);
        });
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
