/**
 * Issue 16's acceptance journey in a real browser: a handle typed into a profile is only a claim. A squatter's
 * profile claims a journalist's X handle (and is even verified, on an editor's override); the journalist claims
 * it too, proves it by signing in with X, the squatter's claim is released and its owner told why, an editor
 * approves the journalist on the evidence shown, and only then does the handle answer "verified" — for her.
 */
import type { Page } from 'playwright-core';
import { bearer } from '@byline/test-support';
import { portalStoreFactories } from '../support/portal-harness';
import { verifiers } from '../support/verifiers';
import { chromiumAvailable, launchPhoneBrowser, onNewPage } from './chromium';
import {
  evidenceOn,
  firstEditorSignIn,
  signIn,
  signInWithX,
  signOut,
  signUp,
  startPortalWithX,
  type PortalWithX,
} from './portal-with-x';
import { approveOnReview, reviewFromQueue } from './editor-review';

const runIt = chromiumAvailable() ? it : it.skip;
const NOT_A_JOURNALIST = { verified: false, message: 'Not a Byline journalist' };

describe.each(portalStoreFactories())('proof before trust, in a real browser ($name store)', (factory) => {
  const handle = `@Quay${Date.now().toString(36).slice(-8)}`; // X allows 15 characters
  let site: PortalWithX;

  beforeAll(async () => {
    // At X, "aoife" is the account whose username is the handle; the squatter has no such account.
    site = await startPortalWithX(factory, { aoife: { sub: 'x-5150', preferred_username: handle.slice(1) } });
  });
  afterAll(() => site?.close());

  /** Fills the new profile's form: name, employer and the X handle. */
  async function createProfile(page: Page, first: string, last: string, employer: string) {
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Employer').fill(employer);
    await page.getByLabel('X (Twitter)').fill(handle);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByText('Profile saved.').waitFor();
  }

  const xBadge = (page: Page) =>
    page
      .locator('.proofs:not(.released) li.claim')
      .filter({ hasText: `X ${handle}` })
      .locator('.badge')
      .textContent();

  runIt(
    'a squatter’s unproven claim never blocks nor answers; the journalist signs in with X, the claim is released, an editor approves on the evidence, and the handle verifies as hers',
    async () => {
      const { portal, base, provider } = site;
      const today = portal.clock.now.toISOString().slice(0, 10);
      const token = (await bearer(portal.store)).replace(/^Bearer /, '');
      const { verifyJournalist } = verifiers(portal.store);
      /** Every answer to the handle's lookups, as typed and in lower case, in order. */
      const answers: Record<string, unknown>[] = [];
      const lookUp = async () => {
        for (const asked of [handle, handle.toLowerCase()]) {
          const res = await verifyJournalist(token, asked);
          expect(res.status).toBe(200);
          answers.push(res.body as Record<string, unknown>);
        }
        return answers.slice(-2);
      };
      const squatter = { email: `squatter-${Date.now()}@example.org`, password: 'the squatter’s password' };
      const journalist = { email: `aoife-${Date.now()}@example.org`, password: 'a long enough password' };

      await onNewPage({ launch: launchPhoneBrowser, screenshot: 'proof-journey' }, async (page) => {
        // The squatter claims the handle and asks to be verified.
        await signUp(page, base, squatter.email, squatter.password);
        await createProfile(page, 'Seán', 'Squire', 'Quayside Gossip');
        expect(await xBadge(page)).toBe('Claimed, not proven');
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await signOut(page);
        expect(await lookUp()).toEqual([NOT_A_JOURNALIST, NOT_A_JOURNALIST]);

        // An editor verifies the squatter without proof (override, with a note): a verified profile, unproven handle.
        const editor = await firstEditorSignIn(page, base, portal, 'desk-editor@example.org');
        await reviewFromQueue(page, 'Seán Squire', `X ${handle} claimed`);
        expect(await evidenceOn(page, `X ${handle}`)).toEqual([]);
        await approveOnReview(page, 'Staff writer on the Gossip masthead', { override: true });
        await signOut(page);
        expect(await lookUp()).toEqual([NOT_A_JOURNALIST, NOT_A_JOURNALIST]);

        // The journalist claims the same handle: an unproven claim elsewhere does not block hers.
        await signUp(page, base, journalist.email, journalist.password);
        await createProfile(page, 'Aoife', 'Walsh', 'The Harbour Herald');
        expect(await xBadge(page)).toBe('Claimed, not proven');
        await signInWithX(page, base, 'aoife');
        await page.getByText(`Your X handle ${handle} is proven: you signed in with X.`).waitFor();
        expect(await xBadge(page)).toBe('Proven');
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await signOut(page);
        // Proven but not yet verified: still nobody's.
        expect(await lookUp()).toEqual([NOT_A_JOURNALIST, NOT_A_JOURNALIST]);

        // The squatter's claim was released, and their profile page says so and why.
        await signIn(page, base, squatter.email, squatter.password);
        await page.waitForURL(/\/profile$/);
        const released = page.locator('.proofs.released li').filter({ hasText: `X ${handle}` });
        expect((await released.textContent())!.replace(/\s+/g, ' ').trim()).toBe(
          `X ${handle}: Released on ${today}: another profile proved it is theirs by signing in with the network.`,
        );
        expect(
          await page
            .locator('.proofs:not(.released) li.claim')
            .filter({ hasText: `X ${handle}` })
            .count(),
        ).toBe(0);
        // Still verified, on the editor's word alone, as their history says.
        await page.getByText('Approved without proof (override): Staff writer on the Gossip masthead').waitFor();
        await signOut(page);
        expect(await lookUp()).toEqual([NOT_A_JOURNALIST, NOT_A_JOURNALIST]);

        // The editor sees the proof in the queue and its evidence on the review page, and approves on it.
        await signIn(page, base, editor.email, editor.password);
        await page.waitForURL(/\/editor\/queue$/);
        await reviewFromQueue(page, 'Aoife Walsh', `X ${handle} proven (signed in)`);
        await page.getByRole('heading', { name: 'Review Aoife Walsh' }).waitFor();
        expect(await evidenceOn(page, `X ${handle}`)).toEqual([
          expect.objectContaining({
            Method: 'Network sign-in: signed in with X',
            Provider: `X ${provider.issuer}`,
            'Account id': 'x-5150',
            'Proven on': expect.stringMatching(new RegExp(`^${today} \\d\\d:\\d\\d UTC$`)),
          }),
        ]);
        expect(await page.getByLabel('Approve without proof').count()).toBe(0);
        await approveOnReview(page, 'Signed in with X as the handle');

        // Now the handle answers: hers, through the journalist verifier.
        const [asTyped, lowerCase] = await lookUp();
        for (const answer of [asTyped, lowerCase])
          expect(answer).toMatchObject({ verified: true, slug: 'aoife-walsh', first_name: 'Aoife', last_name: 'Walsh' });
        // At no step did a lookup of the handle answer "verified" for the squatter.
        expect(answers).toHaveLength(10);
        expect(answers.filter((answer) => answer.verified === true && answer.slug !== 'aoife-walsh')).toEqual([]);

        // The squatter stays verified, but their public page lists no X handle.
        await page.goto(`${base}/j/sean-squire`);
        await page.getByText('Verified journalist').waitFor();
        expect(await page.locator('a[href*="x.com/"]').count()).toBe(0);
      });
    },
    90_000,
  );
});
