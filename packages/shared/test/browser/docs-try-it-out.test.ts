/**
 * Each verifier's /docs in a real browser, as an API user meets it: Authorize with a real key, "Try it out" on the
 * operation, change only the field asked about, Execute, and read a 200 answer. The examples the document gives
 * must make a request that does not contradict itself (a field in two places) and must not send If-None-Match.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Page, Request as BrowserRequest } from 'playwright-core';
import { createApiKey } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting, type ServiceDeps } from '@byline/http';
import { aProfile, embeddedStore, quietLogger, seed } from '@byline/test-support';
import { createApp as createArticleApp } from '../../../article-verifier/src/app';
import { createApp as createJournalistApp } from '../../../journalist-verifier/src/app';
import { chromiumAvailable, launchPhoneBrowser, withScreenshotOnFailure } from '../../../portal/test/browser/chromium';

const runIt = chromiumAvailable() ? it : it.skip;

const profile = aProfile({ profile_social_profiles: { twitter: '@DocsDesk' } });

interface Service {
  name: string;
  createApp: (deps: ServiceDeps) => Express;
  operationId: string;
  /** Changes only the field the user asks about, in the form Swagger UI shows after "Try it out". */
  fill: (page: Page) => Promise<void>;
}

/** The JSON body editor with one field's value changed, the rest left as the document's example gave it. */
async function changeBodyField(page: Page, field: string, value: string): Promise<void> {
  const editor = page.locator('.opblock.is-open textarea.body-param__text');
  const example = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
  expect(Object.keys(example)).toContain(field);
  await editor.fill(JSON.stringify({ ...example, [field]: value }, null, 2));
}

const SERVICES: Service[] = [
  {
    name: 'article verifier',
    createApp: createArticleApp,
    operationId: 'verifyArticle',
    fill: (page) => changeBodyField(page, 'url', profile.articles[0]!.link),
  },
  {
    name: 'journalist verifier',
    createApp: createJournalistApp,
    operationId: 'verifyJournalist',
    fill: (page) => changeBodyField(page, 'social_username', 'DocsDesk'),
  },
];

describe('/docs: Try it out in a real browser', () => {
  let store: Store;
  let token: string;
  beforeAll(async () => {
    store = embeddedStore();
    await seed(store, profile);
    token = (await createApiKey(repositoriesOf(store).apiKeys, 'docs@example.org', 'docs')).token;
  });
  afterAll(() => store.close());

  describe.each(SERVICES)('$name', (service) => {
    let server: http.Server;
    let limiting: RateLimiting;
    let base: string;
    beforeAll(async () => {
      limiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger() });
      const app = service.createApp({ store, logger: quietLogger(), authCacheTtlMs: 0, rateLimiting: limiting });
      server = http.createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      await limiting.close();
    });

    runIt(
      'authorizes with a real key, changes only the field asked about, executes and reads 200',
      async () => {
        const browser = await launchPhoneBrowser();
        const page = await browser.context.newPage();
        const sent: BrowserRequest[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/')) sent.push(request);
        });
        try {
          await withScreenshotOnFailure(page, `docs-${service.operationId}`, async () => {
            await page.goto(`${base}/docs/`);
            await page.getByRole('button', { name: 'Authorize' }).first().click();
            const bearer = page.locator('.modal-ux .auth-container').first();
            await bearer.locator('input').fill(token);
            await bearer.locator('button.authorize').click();
            await bearer.getByText('Authorized').waitFor();
            await page.locator('.modal-ux button.close-modal').click();

            const operation = page.locator(`#operations-verification-${service.operationId}`);
            await operation.locator('.opblock-summary').first().click();
            await operation.getByRole('button', { name: 'Try it out' }).click();
            await service.fill(page);
            await operation.getByRole('button', { name: 'Execute' }).click();

            const status = operation.locator('.live-responses-table .response .response-col_status').first();
            await status.waitFor();
            const body = await operation.locator('.live-responses-table .response-col_description pre').first().textContent();
            expect({ status: (await status.textContent())?.trim(), body }).toEqual({
              status: '200',
              body: expect.stringContaining('"verified": true'),
            });
            expect(sent).toHaveLength(1);
            const headers = await sent[0]!.allHeaders();
            expect(headers['if-none-match']).toBeUndefined();
            expect(headers.authorization).toBe(`Bearer ${token}`);
          });
        } finally {
          await browser.close();
        }
      },
      60_000,
    );

    runIt(
      "labels the answer schema by its members' types, never as untyped",
      async () => {
        const browser = await launchPhoneBrowser();
        const page = await browser.context.newPage();
        try {
          await withScreenshotOnFailure(page, `docs-schemas-${service.operationId}`, async () => {
            await page.goto(`${base}/docs/`);
            const answer = page.locator('section.models .json-schema-2020-12', { hasText: 'Answer' }).first();
            await answer.waitFor();
            const label = await answer.locator('.json-schema-2020-12__attribute--primary').first().textContent();
            expect(label).toBe('(object | object)');
          });
        } finally {
          await browser.close();
        }
      },
      60_000,
    );
  });
});
