/**
 * A verified journalist's signed credential as a relying party's web page meets it: linked from the public page,
 * fetched by the browser with the issuer's did document and the status list the credential names, and verified in the
 * browser, offline, by `@byline/client` bundled as a browser application bundles it; then revoked, and refused with
 * the list fetched again.
 */
import type { Page } from 'playwright-core';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import { portalStoreFactories } from '../support/portal-harness';
import { approvedJournalist } from '../support/editors';
import { chromiumAvailable, launchDesktopBrowser, withScreenshotOnFailure } from './chromium';
import { clientBundleForBrowsers } from './client-bundle';
import { listeningPortal, type ListeningPortal } from './listening-portal';

const runIt = chromiumAvailable() ? it : it.skip;

const PUBLIC_PORTAL = 'https://byline.example';
/** Where the test serves the bundled client, on the portal's own origin: its CSP lets pages load scripts from 'self'. */
const CLIENT_PATH = '/browser-test/byline-client.mjs';

/** What the page fetched, as far as the test looks: the credential's status entry and each answer's media type. */
interface Fetched {
  credentialStatus: { statusListCredential: string; statusListIndex: string };
  types: Record<string, string | null>;
}

/** The answer of verifyCredential, as much as crosses back from the page (it is plain JSON). */
interface Verified {
  ok: boolean;
  check?: string;
  reason?: string;
  securedAs?: string;
  status?: string;
  keyId?: string;
  credential?: { credentialSubject: { name: string; id: string } };
}

/** Runs an async function's source in the page with `args` (JSON): a string, so that nothing rewrites its code. */
const inPage = <T>(page: Page, source: string, args: unknown = {}) =>
  page.evaluate(`(${source})(${JSON.stringify(args)})`) as Promise<T>;

/**
 * In the page, fetches each document as a browser does (relative to the page), keeping what it fetched on `window` for
 * the verification: the credential's two securings at the links' addresses, the issuer's did document, and the
 * status list the credential names (its https address at Byline's public origin; here, the same path on the portal
 * the page came from), in the securing of each credential.
 */
const FETCH_DOCUMENTS = `async ({ jwtHref, coseHref }) => {
  const get = async (path, accept) => {
    const response = await fetch(path, accept ? { headers: { Accept: accept } } : {});
    if (!response.ok) throw new Error(path + ' answered ' + response.status);
    return response;
  };
  const types = {};
  const typed = async (name, path, accept) => {
    const response = await get(path, accept);
    types[name] = response.headers.get('content-type');
    return response;
  };
  const jwt = await (await typed('jwt', jwtHref)).text();
  const cose = new Uint8Array(await (await typed('cose', coseHref)).arrayBuffer());
  const didDocument = await (await typed('did', '/.well-known/did.json')).json();
  const payload = atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'));
  const { credentialStatus } = JSON.parse(new TextDecoder().decode(Uint8Array.from(payload, (c) => c.charCodeAt(0))));
  const listPath = new URL(credentialStatus.statusListCredential).pathname;
  const listJwt = await (await typed('listJwt', listPath, 'application/vc+jwt')).text();
  const listCose = new Uint8Array(await (await typed('listCose', listPath, 'application/vc+cose')).arrayBuffer());
  window.fetched = { jwt, cose, didDocument, listPath, listJwt, listCose };
  return { credentialStatus, types };
}`;

/**
 * In the page, loads the bundled client and verifies both securings offline: with the did document and the list
 * fetched before (the list as the credential is secured), at \`now\`, and a fetch that refuses, so that nothing is
 * looked up behind the test's back.
 */
const VERIFY_OFFLINE = `async ({ clientPath, now }) => {
  const { verifyCredential } = await import(clientPath);
  const { jwt, cose, didDocument, listJwt, listCose } = window.fetched;
  const offline = () => Promise.reject(new Error('offline: nothing may be fetched'));
  const options = (statusList) => ({ didDocument, statusList, now: new Date(now), fetch: offline });
  return {
    jwt: await verifyCredential(jwt, options(listJwt)),
    cose: await verifyCredential(cose, options(listCose)),
  };
}`;

/** In the page, fetches the status list again, in both securings, in place of the ones fetched before. */
const REFETCH_LIST = `async () => {
  const fetched = window.fetched;
  const get = async (accept) => {
    const response = await fetch(fetched.listPath, { headers: { Accept: accept }, cache: 'no-store' });
    if (!response.ok) throw new Error(fetched.listPath + ' answered ' + response.status);
    return response;
  };
  fetched.listJwt = await (await get('application/vc+jwt')).text();
  fetched.listCose = new Uint8Array(await (await get('application/vc+cose')).arrayBuffer());
}`;

// The credential is the same bytes on every store (its HTTP tests run on both): one store is enough for the browser.
describe.each(portalStoreFactories().slice(0, 1))(
  'a journalist’s credential verified in a real browser ($name store)',
  (factory) => {
    const issuer = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: 'embedded' });
    let running: ListeningPortal;
    let client: string;

    beforeAll(async () => {
      [running, client] = await Promise.all([listeningPortal(factory, { credentialIssuer: issuer }), clientBundleForBrowsers()]);
    });
    afterAll(async () => {
      await running?.close();
    });

    /** The worker's run, at the portal's clock. */
    const issue = () =>
      new CredentialIssuance(running.portal.repositories.journalistCredentials, issuer, PUBLIC_PORTAL).run(
        running.portal.clock.now,
      );

    runIt(
      'the public page links a credential that the browser fetches and the client verifies, until it is revoked',
      async () => {
        const { portal, base } = running;
        const { person } = await approvedJournalist(portal);
        const name = `${person.form.profile_first_name} ${person.form.profile_last_name}`;
        expect(await issue()).toMatchObject({ issued: 1, listsPublished: 1 });
        const now = portal.clock.now.toISOString();

        const browser = await launchDesktopBrowser();
        const page = await browser.context.newPage();
        await page.route(`${base}${CLIENT_PATH}`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: client }),
        );
        try {
          await withScreenshotOnFailure(page, 'credential-browser', async () => {
            await page.goto(`${base}/j/${person.slug}`);
            // As a reader finds it: the sentence that offers the credential, and its two links.
            const offer = page.getByText('checkable without Byline');
            const jwtLink = offer.getByRole('link', { name: 'JWT', exact: true });
            const coseLink = offer.getByRole('link', { name: 'COSE', exact: true });
            await expect(jwtLink.isVisible()).resolves.toBe(true);
            const hrefs = { jwtHref: await jwtLink.getAttribute('href'), coseHref: await coseLink.getAttribute('href') };
            expect(hrefs).toEqual({ jwtHref: `/j/${person.slug}/credential.jwt`, coseHref: `/j/${person.slug}/credential.cose` });

            const fetched = await inPage<Fetched>(page, FETCH_DOCUMENTS, hrefs);
            expect(fetched.credentialStatus.statusListCredential).toBe(`${PUBLIC_PORTAL}/credentials/status/1`);
            expect(fetched.types).toEqual({
              jwt: expect.stringMatching(/^application\/vc\+jwt/),
              cose: 'application/vc+cose',
              did: expect.stringMatching(/^application\/(did\+)?json/),
              listJwt: expect.stringMatching(/^application\/vc\+jwt/),
              listCose: expect.stringMatching(/^application\/vc\+cose/),
            });

            const verified = await inPage<Record<'jwt' | 'cose', Verified>>(page, VERIFY_OFFLINE, {
              clientPath: CLIENT_PATH,
              now,
            });
            for (const securedAs of ['jwt', 'cose'] as const) {
              expect(verified[securedAs]).toMatchObject({
                ok: true,
                securedAs,
                status: 'not-revoked',
                keyId: expect.stringMatching(/^did:web:byline\.example#/),
                credential: { credentialSubject: { name, id: `${PUBLIC_PORTAL}/j/${person.slug}` } },
              });
            }

            // An editor unverifies the journalist and the worker runs: the page offers no credential, and the one the
            // browser kept is refused once it reads the list again.
            await portal.repositories.verification.decide({
              profileId: person.profileId,
              actor: 'ed@example.org',
              action: 'unverified',
              note: 'Left',
            });
            expect(await issue()).toMatchObject({ revoked: 1, listsPublished: 1 });
            // In another tab: this one keeps what it fetched.
            const again = await browser.context.newPage();
            await again.goto(`${base}/j/${person.slug}`);
            await expect(again.getByText('checkable without Byline').count()).resolves.toBe(0);
            await again.close();

            await inPage(page, REFETCH_LIST);
            const revoked = await inPage<Record<'jwt' | 'cose', Verified>>(page, VERIFY_OFFLINE, {
              clientPath: CLIENT_PATH,
              now,
            });
            for (const securedAs of ['jwt', 'cose'] as const)
              expect(revoked[securedAs]).toEqual({
                ok: false,
                check: 'status',
                reason: expect.stringContaining(
                  `it is revoked: bit ${fetched.credentialStatus.statusListIndex} of the status list`,
                ),
              });
          });
        } finally {
          await browser.close();
        }
      },
      60_000,
    );
  },
);
