import { issueConfirmLink } from '@byline/editorial/use-cases/address-proof';
import { ARTICLE_HTML, pageServer, portalStoreFactories } from '../support/portal-harness';
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

describe.each(portalStoreFactories())('portal in a real browser ($name store)', (factory) => {
  const handle = `@Harbour${Date.now().toString(36).slice(-7)}`; // X allows 15 characters
  let site: PortalWithX;
  let base: string;
  let articles: Awaited<ReturnType<typeof pageServer>>;

  beforeAll(async () => {
    // X's sign-in page knows the journalist as "roisin", whose X username is the handle she types in her profile.
    site = await startPortalWithX(factory, { roisin: { sub: 'x-3003', preferred_username: handle.slice(1) } });
    base = site.base;
    articles = await pageServer(
      (_req, res) =>
        void res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE_HTML('Harbour appeal reaches the High Court')),
    );
  });
  afterAll(async () => {
    await articles?.close();
    await site?.close();
  });

  runIt(
    'sign up → profile → article from its address → sign in with X → request verification → editor approves on the proof → API key verifies article and handle',
    async () => {
      const { portal } = site;
      const journalist = { email: `browser-${Date.now()}@example.org`, password: 'a long enough password' };
      const articleAddress = articles.url('/news/harbour-appeal');
      await onNewPage({ launch: launchPhoneBrowser, screenshot: 'portal-journey' }, async (page) => {
        await signUp(page, base, journalist.email, journalist.password);

        await page.getByLabel('First name').fill('Róisín');
        await page.getByLabel('Last name').fill('Keane');
        await page.getByLabel('Title').fill('Courts correspondent');
        await page.getByLabel('Employer').fill('The Harbour Herald');
        await page.getByLabel('X (Twitter)').fill(handle);
        await page.getByRole('button', { name: 'Create profile' }).click();
        await page.getByText('Profile saved.').waitFor();
        // Typed in the form, the handle is only a claim.
        const xClaim = page.locator('.proofs li.claim').filter({ hasText: `X ${handle}` });
        expect(await xClaim.locator('.badge').textContent()).toBe('Claimed, not proven');

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
        await signInWithX(page, base, 'roisin');
        await page.getByText(`Your X handle ${handle} is proven: you signed in with X.`).waitFor();
        expect(await xClaim.locator('.badge').textContent()).toBe('Proven');
        await page.getByRole('button', { name: 'Request verification' }).click();
        await page.getByText('an editor will review it').waitFor();
        await signOut(page);

        await firstEditorSignIn(page, base, portal, 'desk-editor@example.org');
        await reviewFromQueue(page, 'Róisín Keane', `X ${handle} proven (signed in)`);
        await page.getByText('Harbour appeal reaches the High Court').waitFor();
        // The editor approves on evidence: the sign-in is on the page, and no override is offered.
        expect(await evidenceOn(page, `X ${handle}`)).toEqual([
          expect.objectContaining({
            Method: 'Network sign-in: signed in with X',
            Provider: `X ${site.provider.issuer}`,
            'Proven value': handle.slice(1), // as X answered it
            'Proven on': expect.stringMatching(new RegExp(`^${portal.clock.now.toISOString().slice(0, 10)} \\d\\d:\\d\\d UTC$`)),
            'Account id': 'x-3003',
          }),
        ]);
        expect(await page.getByLabel('Approve without proof').count()).toBe(0);
        await approveOnReview(page, 'Confirmed with the Herald news desk');
        await signOut(page);

        await signIn(page, base, journalist.email, journalist.password);
        await page.getByText('Verified journalist').waitFor();
        await page.getByText('Confirmed with the Herald news desk').waitFor();
        await page.getByRole('link', { name: 'API settings' }).click();
        // Without mail, API settings wait for her address: the operator prints the link, she opens it.
        await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
        const issued = await issueConfirmLink(portal.repositories, journalist.email, base, new Date());
        if (issued.status !== 'issued') throw new Error(`no confirmation link: ${issued.status}`);
        await page.goto(issued.link);
        await page.getByLabel('Password').fill(journalist.password);
        await page.getByRole('button', { name: 'Confirm and sign in' }).click();
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
        expect(person.body).toMatchObject({
          verified: true,
          slug: 'roisin-keane',
          // The handle as proven: X's answer (without the @ she typed).
          profile_social_profiles: { twitter: expect.stringMatching(new RegExp(`^@?${handle.slice(1)}$`)) },
        });

        await page.goto(`${base}/j/roisin-keane`);
        await page.getByText('Verified journalist').waitFor();
        await page.getByText('— signed in with X on').waitFor();
        const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
        expect(overflow).toBe(false);
      });
    },
    120_000,
  );
});
