import type { Page } from 'playwright-core';
import { aProfile, seed } from '@byline/test-support';
import { portalStoreFactories, type Portal } from '../support/portal-harness';
import { chromiumAvailable, launchPhoneBrowser, onNewPage } from './chromium';
import { listeningPortal, type ListeningPortal } from './listening-portal';

const runIt = chromiumAvailable() ? it : it.skip;

/** Which element a reader sees at the middle of the avatar: the photo (IMG) or the initials (SPAN). */
const onTopOfAvatar = (page: Page) =>
  page.evaluate(`(() => {
    const box = document.querySelector('.avatar').getBoundingClientRect();
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2).tagName;
  })()`);

// The markup is the same on every store: one store is enough for the browser.
describe.each(portalStoreFactories().slice(0, 1))('profile photo in a real browser ($name store)', (factory) => {
  let site: ListeningPortal;
  let portal: Portal;
  let base: string;

  beforeAll(async () => {
    site = await listeningPortal(factory);
    ({ portal, base } = site);
  });
  afterAll(() => site?.close());

  runIt(
    'a photo that does not load gives way to the initials; one that loads covers them',
    async () => {
      const [broken, working] = await seed(
        portal.store,
        aProfile({ profile_first_name: 'Róisín', profile_last_name: 'Keane', profile_image: `${base}/no-such-photo.jpg` }),
        aProfile({ profile_first_name: 'Kenji', profile_last_name: 'Watanabe', profile_image: `${base}/assets/favicon.svg` }),
      );
      await onNewPage({ launch: launchPhoneBrowser, screenshot: 'avatar-fallback' }, async (page) => {
        await page.goto(`${base}/j/${broken!.profile_slug}`);
        await page.locator('.avatar img').waitFor({ state: 'detached' });
        expect(await onTopOfAvatar(page)).toBe('SPAN');
        expect(await page.locator('.avatar .initials').textContent()).toBe('RK');

        await page.goto(`${base}/j/${working!.profile_slug}`, { waitUntil: 'load' });
        expect(await page.evaluate("document.querySelector('.avatar img').naturalWidth")).toBeGreaterThan(0);
        expect(await onTopOfAvatar(page)).toBe('IMG');
      });
    },
    60_000,
  );
});
