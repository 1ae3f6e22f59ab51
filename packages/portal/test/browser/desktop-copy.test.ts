/**
 * What a publisher's admin and a journalist read off the page and paste elsewhere, at a desktop width (1280 px):
 * the DNS record's name keeps its leading underscore in sight (nothing paints over it), each value sits on one
 * line, and its Copy button copies it exactly.
 */
import type { Page } from 'playwright-core';
import { portalStoreFactories } from '../support/portal-harness';
import { chromiumAvailable, launchDesktopBrowser, withScreenshotOnFailure } from './chromium';
import { listeningPortal, type ListeningPortal } from './listening-portal';
import { signUp } from './portal-with-x';

const runIt = chromiumAvailable() ? it : it.skip;
const DOMAIN = 'westport-courier-with-a-long-name.example';

/**
 * How the element with this id shows: its text as rendered, the lines it takes, and which element a reader sees
 * at the middle of its first character's lower half (the underscore's place): itself, or something painted over it.
 */
const shown = (page: Page, id: string) =>
  page.evaluate(`(() => {
    const element = document.getElementById(${JSON.stringify(id)});
    const text = element.firstChild;
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const first = range.getBoundingClientRect();
    const onTop = document.elementFromPoint(first.left + first.width / 2, first.top + first.height * 0.85);
    return { text: element.innerText, lines, firstCharacterSeen: onTop === element };
  })()`) as Promise<{ text: string; lines: number; firstCharacterSeen: boolean }>;

/** What the page's clipboard holds. */
const clipboard = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

// The markup is the same on every store: one store is enough for the browser.
describe.each(portalStoreFactories().slice(0, 1))('values to copy at 1280 px ($name store)', (factory) => {
  let site: ListeningPortal;
  let base: string;

  beforeAll(async () => {
    site = await listeningPortal(factory);
    ({ base } = site);
  });
  afterAll(() => site?.close());

  runIt(
    'the DNS record name shows its underscore, every value keeps to one line, and Copy copies it',
    async () => {
      const browser = await launchDesktopBrowser();
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      const page = await browser.context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await withScreenshotOnFailure(page, 'desktop-copy', async () => {
          await signUp(page, base, `copy-admin-${Date.now()}@example.org`, 'the admin’s long password');
          await page.goto(`${base}/publishers`);
          await page.getByLabel('Name', { exact: true }).fill('The Westport Courier');
          await page.getByRole('button', { name: 'Add the publisher' }).click();
          await page.getByLabel('Add a domain').fill(DOMAIN);
          await page.getByRole('button', { name: 'Add the domain' }).click();
          await page.locator(`[id="dns-name-${DOMAIN}"]`).waitFor();

          const name = await shown(page, `dns-name-${DOMAIN}`);
          expect(name).toEqual({ text: `_byline.${DOMAIN}`, lines: 1, firstCharacterSeen: true });
          const value = await shown(page, `dns-value-${DOMAIN}`);
          expect(value.text).toMatch(/^byline-verification=[0-9a-f]{32}$/);
          expect(value).toMatchObject({ lines: 1, firstCharacterSeen: true });
          expect(await shown(page, `file-url-${DOMAIN}`)).toMatchObject({ lines: 1, firstCharacterSeen: true });

          // The buttons the markup hides appear where the browser can copy, and copy the value exactly.
          await page.getByRole('button', { name: 'Copy the record name' }).click();
          expect(await clipboard(page)).toBe(`_byline.${DOMAIN}`);
          await page.getByRole('button', { name: 'Copy the record value' }).click();
          expect(await clipboard(page)).toBe(value.text);
          await page.getByRole('button', { name: 'Copy the record value' }).getByText('Copied').waitFor();
        });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
