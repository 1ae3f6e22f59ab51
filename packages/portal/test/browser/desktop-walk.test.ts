/**
 * What a person sees and does with the keyboard at a desktop width (1280 px): the skip link first, the current page
 * marked in the navigation, an editor's navigation on one line, "Password saved" after choosing a password, the
 * focus on the error summary after a failed submit, and "Checking…" on a button while a page is fetched.
 */
import type { Page } from 'playwright-core';
import { PageFetchError } from '@byline/editorial/authorship/fetch-page';
import { portalStoreFactories, type Portal } from '../support/portal-harness';
import { chromiumAvailable, launchDesktopBrowser, onNewPage } from './chromium';
import { listeningPortal, type ListeningPortal } from './listening-portal';
import { firstEditorSignIn, signUp } from './portal-with-x';

const runIt = chromiumAvailable() ? it : it.skip;

/** How long the stand-in page fetch takes: long enough to see the button while it waits. */
const FETCH_MS = 1500;

/** The focused element, as `TAG.class#id` plus its text. */
const focused = (page: Page) =>
  page.evaluate(`(() => {
    const element = document.activeElement;
    return { tag: element.tagName, id: element.id, className: element.className, text: element.innerText.trim() };
  })()`);

// The markup is the same on every store: one store is enough for the browser.
describe.each(portalStoreFactories().slice(0, 1))('the portal at 1280 px, by keyboard ($name store)', (factory) => {
  let site: ListeningPortal;
  let portal: Portal;
  let base: string;

  beforeAll(async () => {
    const slowFetch = async () => {
      await new Promise((resolve) => setTimeout(resolve, FETCH_MS));
      throw new PageFetchError('the site did not answer');
    };
    site = await listeningPortal(factory, { fetchPage: slowFetch });
    ({ portal, base } = site);
  });
  afterAll(() => site?.close());

  runIt(
    'skip link, current page, one-line editor navigation, Password saved, focus on the error summary',
    async () => {
      await onNewPage({ launch: launchDesktopBrowser, screenshot: 'desktop-walk', timeoutMs: 15_000 }, async (page) => {
        // An editor's first sign-in: the password chosen, the queue says so (see firstEditorSignIn).
        await firstEditorSignIn(page, base, portal, `desk-${Date.now()}@example.org`);
        await page.getByText('Password saved.').waitFor();

        // Every item of the navigation and Sign out on one line; the queue is the current page.
        const boxes = (await page.evaluate(`[...document.querySelectorAll('header.top nav a, header.top form button')].map(
            (element) => ({ top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom }),
          )`)) as { top: number; bottom: number }[];
        expect(boxes.length).toBe(9);
        // On one line: every item spans a height they all share.
        expect(Math.max(...boxes.map((box) => box.top))).toBeLessThan(Math.min(...boxes.map((box) => box.bottom)));
        expect(await page.locator('nav a[aria-current="page"]').allTextContents()).toEqual(['Verification queue']);

        // The first Tab reaches the skip link, shown on the page; following it puts the focus on the content.
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatchObject({ tag: 'A', className: 'skip-link', text: 'Skip to content' });
        const box = await page.locator('.skip-link').boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        await page.keyboard.press('Enter');
        await page.waitForFunction("document.activeElement && document.activeElement.id === 'main'");

        // A failed submit: the focus is on the error summary, which a screen reader then reads.
        await page.goto(`${base}/profile`);
        expect(await page.locator('nav a[aria-current="page"]').allTextContents()).toEqual(['Profile']);
        await page.getByRole('button', { name: 'Create profile' }).click();
        await page.getByText('Please correct the fields marked below.').waitFor();
        expect(await focused(page)).toMatchObject({
          tag: 'P',
          className: 'form-error',
          text: 'Please correct the fields marked below.',
        });
      });
    },
    60_000,
  );

  runIt(
    'Add article says Checking… and cannot be pressed again while the page is fetched',
    async () => {
      await onNewPage({ launch: launchDesktopBrowser, screenshot: 'desktop-checking', timeoutMs: 15_000 }, async (page) => {
        await signUp(page, base, `checking-${Date.now()}@example.org`, 'a long enough password');
        await page.getByLabel('First name').fill('Ciara');
        await page.getByRole('button', { name: 'Create profile' }).click();
        await page.getByText('Profile saved.').waitFor();
        await page.goto(`${base}/articles`);
        await page.getByLabel('Article address').fill('https://news.example/2031/harbour');
        // What the button shows while the portal fetches, kept across the page that follows (sessionStorage).
        await page.evaluate(`(() => {
            const button = document.querySelector('form[action="/articles/fetch"] button[type="submit"]');
            const note = () =>
              sessionStorage.setItem('pressed', JSON.stringify({ text: button.textContent, disabled: button.disabled }));
            new MutationObserver(note).observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
          })()`);
        const started = Date.now();
        await page.getByRole('button', { name: 'Add article' }).click();
        // Then the answer: the form to fill by hand, the fetch having failed.
        await page.getByText('the site did not answer').waitFor();
        expect(Date.now() - started).toBeGreaterThanOrEqual(FETCH_MS - 100);
        expect(JSON.parse((await page.evaluate("sessionStorage.getItem('pressed')")) as string)).toEqual({
          text: 'Checking…',
          disabled: true,
        });
      });
    },
    60_000,
  );
});
