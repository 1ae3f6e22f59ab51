/**
 * Articles count only when proven, and a verified identity changes only on an editor's word, in a real browser.
 * A journalist proves her X handle, is verified, and adds two articles from an outlet's pages: the one whose page
 * links her Byline page counts, the one that only names her does not (and the page says why and what to ask for).
 * She changes her employer: it waits for an editor while the API answers the approved one. A second profile with
 * her name and employer asks to be verified; an editor finds both in the directory, sees the possible duplicate in
 * the queue, compares them side by side and approves her change, which the API then answers.
 *
 * Everything happens through the pages, as people would; only the editor's account (the operator's command) and
 * the outlet's pages (a loopback server, reached as ALLOWED_PRIVATE_ADDRESSES allows) are arranged by the test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { bearer } from '@byline/test-support';
import { metaAuthor, outletPages, pageWith, relAuthor } from '../support/crediting-pages';
import { portalStoreFactories } from '../support/portal-harness';
import { verifiers } from '../support/verifiers';
import { chromiumAvailable, launchPhoneBrowser, onNewPage } from './chromium';
import { firstEditorSignIn, signIn, signInWithX, signOut, signUp, startPortalWithX, type PortalWithX } from './portal-with-x';
import { approveOnReview, reviewFromQueue } from './editor-review';

const runIt = chromiumAvailable() ? it : it.skip;
const OLD_EMPLOYER = 'The Midland Tribune';
const NEW_EMPLOYER = 'The Westmeath Examiner';
/** The outlet's domain: the test resolver answers it with loopback, where the outlet's pages are served. */
const OUTLET = 'news.test';

describe.each(portalStoreFactories())('articles earn their place, in a real browser ($name store)', (factory) => {
  const handle = `@Midland${Date.now().toString(36).slice(-7)}`; // X allows 15 characters
  let site: PortalWithX;
  let outlet: Awaited<ReturnType<typeof outletPages>>;
  let shots: string;

  beforeAll(async () => {
    // At X, "aoife" is the account whose username is the handle she types in her profile.
    site = await startPortalWithX(factory, { aoife: { sub: 'x-7007', preferred_username: handle.slice(1) } });
    outlet = await outletPages();
    shots = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-earned-articles-'));
  });
  afterAll(async () => {
    if (shots) process.stderr.write(`earned-articles journey: screenshots in ${shots}\n`);
    await outlet?.close();
    await site?.close();
  });

  const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const tidy = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

  /** Fills the profile form as a new journalist does; `extra` are more fields by label. */
  async function fillProfile(page: Page, employer: string, extra: Record<string, string> = {}) {
    await page.getByLabel('First name').fill('Aoife');
    await page.getByLabel('Last name').fill('Brennan');
    await page.getByLabel('Employer').fill(employer);
    for (const [label, value] of Object.entries(extra)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByText('Profile saved.').waitFor();
  }

  /** On the Articles page: pastes the address, keeps what the page said, saves; back on the Articles page. */
  async function addArticle(page: Page, address: string, headline: string) {
    await page.getByRole('link', { name: 'Articles', exact: true }).click();
    await page.waitForURL(/\/articles$/);
    await page.getByLabel('Article address').fill(address);
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.getByText('We filled in what the page says.').waitFor();
    expect(await page.getByLabel('Headline').inputValue()).toBe(headline);
    await page.getByRole('button', { name: 'Save article' }).click();
    await page.waitForURL(/\/articles\?done=/);
  }

  const articleRow = (page: Page, headline: string) => page.getByRole('row').filter({ hasText: headline });

  runIt(
    'a verified journalist’s article counts only when its page links her; her new employer waits for an editor, who finds a look-alike and approves the change',
    async () => {
      const { portal, base } = site;
      const token = (await bearer(portal.store)).replace(/^Bearer /, '');
      const { verifyArticle, verifyJournalist } = verifiers(portal.store);
      const journalist = { email: `aoife-${Date.now()}@example.org`, password: 'a long enough password' };
      const lookalike = { email: `other-aoife-${Date.now()}@example.org`, password: 'another long password' };

      await onNewPage({ launch: launchPhoneBrowser, screenshot: 'earned-articles-journey', timeoutMs: 15_000 }, async (page) => {
        // 1. She signs up, fills her profile, allows the outlet's domain, proves her X handle and asks to be verified.
        await signUp(page, base, journalist.email, journalist.password);
        await fillProfile(page, OLD_EMPLOYER, { Title: 'Courts reporter', 'X (Twitter)': handle, Domains: OUTLET });
        expect(await page.getByLabel('Domains', { exact: true }).inputValue()).toBe(OUTLET);
        const slug = tidy(await page.locator('#verification-heading ~ p a[href^="/j/"]').textContent()).replace('/j/', '');
        expect(slug).toBe('aoife-brennan');
        const publicPage = `${base}/j/${slug}`;
        await signInWithX(page, base, 'aoife');
        await page.getByText(`Your X handle ${handle} is proven: you signed in with X.`).waitFor();
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await shoot(page, '1-profile-requested');
        await signOut(page);

        const editor = await firstEditorSignIn(page, base, portal, 'desk-editor@example.org');
        await reviewFromQueue(page, 'Aoife Brennan', `X ${handle} proven (signed in)`);
        await page.getByRole('heading', { name: 'Review Aoife Brennan' }).waitFor();
        await approveOnReview(page, 'Signed in with X as the handle; Tribune masthead checked');
        await signOut(page);

        // 2. As a verified journalist she adds an article whose page links her Byline page: it counts.
        await signIn(page, base, journalist.email, journalist.password);
        await page.waitForURL(/\/profile$/);
        await page.getByText('Verified journalist').first().waitFor();
        const linked = outlet.serve('/news/bridge-tender', pageWith(relAuthor(publicPage), 'Council reopens the bridge tender'));
        await addArticle(page, linked, 'Council reopens the bridge tender');
        await page.getByText('Article saved. Its page credits you, so it counts.').waitFor();
        const linkedStatus = articleRow(page, 'Council reopens the bridge tender').locator('td[data-label="Status"]');
        expect(tidy(await linkedStatus.locator('strong').textContent())).toBe('Counts');
        expect(tidy(await linkedStatus.textContent())).toContain('its page credits you');
        await shoot(page, '2-article-counts');
        const counted = await verifyArticle(token, linked);
        expect(counted.status).toBe(200);
        expect(counted.body).toMatchObject({ verified: true, profile_first_name: 'Aoife', profile_employer: OLD_EMPLOYER });

        // 3. One whose page only names her does not count: the page says why and what her publisher should add.
        const named = outlet.serve('/news/flood-defences', pageWith(metaAuthor('Aoife Brennan'), 'Flood defences delayed again'));
        await addArticle(page, named, 'Flood defences delayed again');
        await page.getByText('Article saved. It does not count yet: see why below.').waitFor();
        const namedStatus = articleRow(page, 'Flood defences delayed again').locator('td[data-label="Status"]');
        expect(tidy(await namedStatus.locator('strong').textContent())).toBe('Does not count yet');
        expect(tidy(await namedStatus.locator('small').textContent())).toMatch(
          /^Its page names you \(“Aoife Brennan”\) but links to nothing you proved\./,
        );
        await namedStatus.getByRole('button', { name: 'Check again' }).waitFor();
        await page.getByText('What makes an article count').click();
        const markup = await page.locator('details pre code').textContent();
        expect(markup).toContain(`<link rel="author" href="${publicPage}">`);
        expect(markup).toContain(`"url": "${publicPage}"`);
        // The markup's long lines scroll inside their block: the page itself stays phone-wide.
        // (On a phone the layout viewport grows to fit what overflows, so compare with the screen's width.)
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(page.viewportSize()!.width);
        await shoot(page, '3-article-does-not-count');
        const notCounted = await verifyArticle(token, named);
        expect(notCounted.status).toBe(200);
        expect(notCounted.body).toMatchObject({ verified: false });
        // Her handle's answer counts and lists the proven article only.
        const journalistAnswer = {
          verified: true,
          slug,
          first_name: 'Aoife',
          last_name: 'Brennan',
          article_count: 1,
          articles: [expect.objectContaining({ link: linked })],
        };
        /**
         * What the verifiers answer about her: verify_journalist carries no employer, so the employer is read from
         * verify_article's author profile of her counted article.
         */
        const answers = async () => {
          const [article, person] = [await verifyArticle(token, linked), await verifyJournalist(token, handle)];
          expect([article.status, person.status]).toEqual([200, 200]);
          return {
            employer: (article.body as { profile_employer?: string }).profile_employer,
            journalist: person.body as unknown,
          };
        };
        expect(await answers()).toEqual({ employer: OLD_EMPLOYER, journalist: expect.objectContaining(journalistAnswer) });

        // 4. She changes her employer: it waits for an editor; the API goes on answering the approved one.
        await page.getByRole('link', { name: 'Profile', exact: true }).click();
        await page.waitForURL(/\/profile$/);
        await page.getByLabel('Employer').fill(NEW_EMPLOYER);
        await page.getByRole('button', { name: 'Save profile' }).click();
        await page.getByRole('heading', { name: 'Identity change waiting for an editor' }).waitFor();
        const change = page.locator('table.identity-change tbody tr');
        expect((await change.allTextContents()).map(tidy)).toEqual([`Employer ${OLD_EMPLOYER} ${NEW_EMPLOYER}`]);
        await shoot(page, '4-employer-change-pending');
        expect(await answers()).toEqual({ employer: OLD_EMPLOYER, journalist: expect.objectContaining(journalistAnswer) });
        await signOut(page);

        // 5. Someone else signs up with her name and employer and asks to be verified.
        await signUp(page, base, lookalike.email, lookalike.password);
        await fillProfile(page, OLD_EMPLOYER);
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await signOut(page);

        // The editor finds both in the directory...
        await signIn(page, base, editor.email, editor.password);
        await page.waitForURL(/\/editor\/queue$/);
        await page.getByRole('link', { name: 'Directory' }).click();
        await page.waitForURL(/\/editor\/directory/);
        await page.getByLabel('Name, handle, slug, employer or article address').fill('Brennan');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(/\/editor\/directory\?.*text=Brennan/);
        const found = page.locator('table.directory tbody tr');
        await found.first().waitFor();
        const rows = (await found.all()).map(async (r) => ({
          slug: tidy(await r.locator('td[data-label="Slug"]').textContent()),
          employer: tidy(await r.locator('td[data-label="Employer"]').textContent()),
          state: tidy(await r.locator('td[data-label="State"]').textContent()),
        }));
        const listed = await Promise.all(rows);
        expect(listed).toHaveLength(2);
        expect(listed[0]).toEqual({ slug, employer: OLD_EMPLOYER, state: 'Verified' });
        expect(listed[1]).toMatchObject({ employer: OLD_EMPLOYER, state: 'Waiting for review' });
        expect(listed[1]!.slug).not.toBe(slug);
        await shoot(page, '5a-directory');

        // ...sees the look-alike flagged in the queue, and her identity change waiting...
        await page.getByRole('link', { name: 'Verification queue' }).click();
        await page.waitForURL(/\/editor\/queue$/);
        const flag = page.locator('p.flag.duplicate');
        expect(tidy(await flag.textContent())).toBe('Possible duplicate: Aoife Brennan (same name and employer)');
        await page.locator('ul.identity-queue li').filter({ hasText: 'Aoife Brennan: Employer' }).waitFor();
        await shoot(page, '5b-queue-duplicate');

        // ...compares the two side by side...
        await flag.getByRole('link').click();
        await page.getByRole('heading', { name: 'Side by side' }).waitFor();
        expect(tidy(await page.getByRole('status').textContent())).toBe('Why they look alike: same name and employer.');
        const columns = page.locator('section.compared');
        expect(await columns.count()).toBe(2);
        const hers = columns.filter({ has: page.locator(`a[href="/j/${slug}"]`) });
        expect(tidy(await hers.locator('dl.details').textContent())).toContain(`Employer ${OLD_EMPLOYER}`);
        await hers.getByText('Council reopens the bridge tender').waitFor();
        await shoot(page, '5c-side-by-side');

        // ...and approves her change from her review page.
        await hers.getByRole('link', { name: 'Review this profile' }).click();
        await page.getByRole('heading', { name: 'Identity change', exact: true }).waitFor();
        const review = page.locator('section[aria-labelledby="identity-review-heading"]');
        await review.getByLabel('Note for the record').fill('The Examiner confirmed she joined this month');
        await review.getByRole('button', { name: 'Approve the change' }).click();
        await page.waitForURL(/\/editor\/queue\?done=identity-approve$/);
        await page.getByText('Identity change approved.').waitFor();
        await shoot(page, '5d-change-approved');

        expect(await answers()).toEqual({ employer: NEW_EMPLOYER, journalist: expect.objectContaining(journalistAnswer) });
      });
    },
    90_000,
  );
});
