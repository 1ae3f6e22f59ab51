import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { aProfile, seed } from '@byline/test-support';
import { pageServer, portalStoreFactories, startPortal, type Portal } from '../support/portal-harness';
import { chromiumAvailable, launchPhoneBrowser, withScreenshotOnFailure } from './chromium';

const runIt = chromiumAvailable() ? it : it.skip;

/** Each badge image on the page: whether it loaded, and how wide it is drawn. */
const badgesOn = (page: Page) =>
  page.evaluate(
    `Object.fromEntries([...document.images].map((img) => [img.id, { complete: img.complete, width: img.naturalWidth }]))`,
  ) as Promise<Record<string, { complete: boolean; width: number }>>;

// The badge is the same bytes on every store (its HTTP tests run on both): one store is enough for the browser.
describe.each(portalStoreFactories().slice(0, 1))(
  'badge embedded on another site, in a real browser ($name store)',
  (factory) => {
    let portal: Portal;
    let server: Server;
    let base: string;
    let site: Awaited<ReturnType<typeof pageServer>>;
    let slugs: Record<'verified' | 'unverified' | 'hostile', string>;

    beforeAll(async () => {
      portal = await startPortal(factory);
      server = portal.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const [verified, unverified, hostile] = await seed(
        portal.store,
        aProfile({ profile_first_name: 'Róisín', profile_last_name: 'Keane' }),
        aProfile({ verified: false }),
        aProfile({ profile_first_name: `<svg onload="x">&`, profile_last_name: "]]>'Jo' Ó" }),
      );
      slugs = { verified: verified!.profile_slug, unverified: unverified!.profile_slug, hostile: hostile!.profile_slug };
      // Another origin's page, which lets in only what says it may be embedded anywhere (COEP require-corp): without
      // the badge's Cross-Origin-Resource-Policy header the browser would refuse it here.
      site = await pageServer((req, res) => {
        const fresh = new URL(req.url ?? '/', 'http://x').searchParams.get('fresh') ?? '';
        const img = (id: keyof typeof slugs) =>
          `<img id="${id}" src="${base}/j/${slugs[id]}/badge.svg${fresh ? `?fresh=${fresh}` : ''}" alt="${id} badge">`;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cross-Origin-Embedder-Policy': 'require-corp' });
        res.end(`<!doctype html><html><body>${img('verified')}${img('unverified')}${img('hostile')}</body></html>`);
      });
    });
    afterAll(async () => {
      await site?.close();
      await new Promise((resolve) => server?.close(resolve));
      await portal?.close();
    });

    runIt(
      'renders the verified and the neutral badge on a page of another site, and the neutral one after unverification',
      async () => {
        const browser = await launchPhoneBrowser();
        const page = await browser.context.newPage();
        try {
          await withScreenshotOnFailure(page, 'badge-embed', async () => {
            await page.goto(site.url('/'), { waitUntil: 'load' });
            const before = await badgesOn(page);
            for (const id of Object.keys(slugs)) expect(before[id]).toEqual({ complete: true, width: expect.any(Number) });
            expect(before.unverified!.width).toBeGreaterThan(0);
            expect(before.verified!.width).toBeGreaterThan(before.unverified!.width);
            // A hostile name is drawn as text: the SVG stays well-formed and loads.
            expect(before.hostile!.width).toBeGreaterThan(before.unverified!.width);

            // Opened on its own, the image is a document whose label a screen reader announces.
            const labelOf = async (slug: string, query = '') => {
              await page.goto(`${base}/j/${slug}/badge.svg${query}`);
              return page.evaluate<string[]>(
                `[document.documentElement.getAttribute('role'), document.documentElement.getAttribute('aria-label'), document.title]`,
              );
            };
            expect(await labelOf(slugs.verified)).toEqual([
              'img',
              'Róisín Keane: verified by Byline',
              'Róisín Keane: verified by Byline',
            ]);
            expect(await labelOf(slugs.unverified)).toEqual(['img', 'Byline: not verified', 'Byline: not verified']);
            expect((await labelOf(slugs.hostile))[1]).toBe(`<svg onload="x">& ]]>'Jo' Ó: verified by Byline`);

            const profile = await portal.repositories.profiles.findBySlug(slugs.verified);
            await portal.repositories.verification.decide({
              profileId: profile!.id,
              actor: 'ed@example.org',
              action: 'unverified',
              note: '',
            });
            await page.goto(site.url('/?fresh=after-unverify'), { waitUntil: 'load' });
            const after = await badgesOn(page);
            expect(after.verified).toEqual(before.unverified);
            // The browser may keep the verified badge it has for up to max-age; a fresh request is neutral at once.
            expect(await labelOf(slugs.verified, '?fresh=after-unverify')).toEqual([
              'img',
              'Byline: not verified',
              'Byline: not verified',
            ]);
          });
        } finally {
          await browser.close();
        }
      },
      60_000,
    );
  },
);
