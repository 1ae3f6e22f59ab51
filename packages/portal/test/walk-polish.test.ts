import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { aProfile, seed } from '@byline/test-support';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { portalForEachTest, portalStoreFactories, profileForm, signedUp, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';

/** A definition list as label → text, whitespace collapsed. */
function details(list: HTMLElement | null): Record<string, string> {
  const entries: Record<string, string> = {};
  let label = '';
  for (const node of list?.childNodes ?? []) {
    const element = node as HTMLElement;
    if (element.tagName === 'DT') label = element.text.trim();
    if (element.tagName === 'DD') entries[label] = element.text.replace(/\s+/g, ' ').trim();
  }
  return entries;
}

const textOf = (element: HTMLElement | null) => element?.text.replace(/\s+/g, ' ').trim() ?? '';

describe.each(portalStoreFactories())('walk polish ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function requestedReview(overrides: Record<string, string> = {}) {
    const journalist = await signedUp(portal.app);
    const form = profileForm(overrides);
    await submit(journalist.agent, '/profile', '/profile', form);
    await submit(journalist.agent, '/profile', '/profile/verification-request', {});
    const { profileId } = (await portal.repositories.users.findByEmail(journalist.email))!;
    const desk = await signedUp(portal.app);
    await createEditor(portal.repositories.users, desk.email);
    await submit(desk.agent, '/signin', '/signin', { email: desk.email, password: desk.password });
    const review = await desk.agent.get(`/editor/profiles/${profileId}`);
    expect(review.status).toBe(200);
    return { journalist, form, desk, profileId: profileId!, page: parse(review.text) };
  }

  describe('the review page speaks to the editor', () => {
    it('says who asked and when, and what approving and rejecting each do', async () => {
      const { journalist, page } = await requestedReview();
      const main = textOf(page.querySelector('main'));
      expect(main).not.toContain('an editor will review it');
      expect(main).not.toMatch(/\byour (profile|request)\b/i);
      const today = portal.clock.now.toISOString().slice(0, 10);
      expect(main).toContain(`This journalist asked to be verified on ${today} (${journalist.email}).`);

      const decision = textOf(page.querySelector('form[action$="/decision"]'));
      expect(decision).toMatch(/Approve and verify The profile gets .*Verified journalist.* badge .*verification API/);
      expect(decision).toMatch(/Reject The request is closed .*stays unverified.*can ask again/);
      expect(decision).toContain('the journalist sees it');
    });

    it('explains withdrawing on a verified profile, with no request pending', async () => {
      const { desk, form, profileId } = await requestedReview();
      // Approving takes a proven handle (issue 16); the page after that is what this test is about.
      await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
      const approved = await submit(desk.agent, `/editor/profiles/${profileId}`, `/editor/profiles/${profileId}/decision`, {
        decision: 'verify',
        note: '',
      });
      expect(approved.status).toBe(303);
      const page = parse((await desk.agent.get(`/editor/profiles/${profileId}`)).text);
      const main = textOf(page.querySelector('main'));
      expect(main).not.toContain('asked to be verified');
      expect(main).toContain('This profile is verified; no request is waiting.');
      expect(main).not.toContain('Approve without proof');
      const decision = textOf(page.querySelector('form[action$="/decision"]'));
      expect(decision).toMatch(/Withdraw verification The badge comes off.*verification API/);
      expect(decision).not.toContain('Approve and verify');
    });
  });

  describe('the detail list', () => {
    it('labels each field, shows the location as city and country name, and leaves empty fields out', async () => {
      const { page } = await requestedReview({
        profile_title: '',
        profile_bio: '',
        profile_residing: 'Baile Átha Cliath',
        user_city: 'Dublin',
        user_location: 'ie',
      });
      const list = page.querySelector('dl.details');
      expect(details(list)).toEqual({
        Employer: 'The Leinster Ledger',
        'Residing in': 'Baile Átha Cliath',
        Location: 'Dublin, Ireland',
      });
      expect(list?.text).not.toContain('—');
    });

    it('leaves out a residence the location already says', async () => {
      const { page } = await requestedReview({ profile_residing: 'ireland', user_city: 'Cork', user_location: 'IE' });
      const entries = details(page.querySelector('dl.details'));
      expect(entries.Location).toBe('Cork, Ireland');
      expect(entries).not.toHaveProperty('Residing in');
    });

    it('shows a country code it cannot name as given', async () => {
      const { page } = await requestedReview({ user_city: '', user_location: 'XQ' });
      expect(details(page.querySelector('dl.details')).Location).toBe('XQ');
    });
  });

  describe('the public page', () => {
    it('shows where the journalist lives once: residence, city and country name, without repeats', async () => {
      const [galway] = await seed(
        portal.store,
        aProfile({ profile_residing: 'Galway', user_city: 'Galway', user_location: 'IE' }),
      );
      const page = parse((await request(portal.app).get(`/j/${galway!.profile_slug}`)).text);
      expect(textOf(page.querySelector('.place'))).toBe('Galway, Ireland');

      const [lagos] = await seed(
        portal.store,
        aProfile({ profile_residing: 'Lagos, Nigeria', user_city: 'Lagos', user_location: 'NG' }),
      );
      const lagosPage = parse((await request(portal.app).get(`/j/${lagos!.profile_slug}`)).text);
      expect(textOf(lagosPage.querySelector('.place'))).toBe('Lagos, Nigeria');

      const [cork] = await seed(portal.store, aProfile({ profile_residing: 'Ireland', user_city: 'Cork', user_location: 'IE' }));
      const corkPage = parse((await request(portal.app).get(`/j/${cork!.profile_slug}`)).text);
      expect(textOf(corkPage.querySelector('.place'))).toBe('Cork, Ireland');

      const [dublin] = await seed(
        portal.store,
        aProfile({ profile_residing: 'Baile Átha Cliath', user_city: 'Dublin', user_location: 'ie' }),
      );
      const dublinPage = parse((await request(portal.app).get(`/j/${dublin!.profile_slug}`)).text);
      expect(textOf(dublinPage.querySelector('.place'))).toBe('Baile Átha Cliath, Dublin, Ireland');
    });

    it('says "Title at Employer", or whichever of the two there is', async () => {
      const role = async (overrides: Record<string, string>) => {
        const [record] = await seed(portal.store, aProfile(overrides));
        return textOf(parse((await request(portal.app).get(`/j/${record!.profile_slug}`)).text).querySelector('.role'));
      };
      expect(await role({ profile_title: 'Courts reporter', profile_employer: 'The Ledger' })).toBe(
        'Courts reporter at The Ledger',
      );
      expect(await role({ profile_title: '', profile_employer: 'The Ledger' })).toBe('The Ledger');
      expect(await role({ profile_title: 'Freelance', profile_employer: '' })).toBe('Freelance');
    });

    it('puts the initials under the photo, so a photo that does not load leaves them showing', async () => {
      const [record] = await seed(portal.store, aProfile({ profile_first_name: 'Róisín', profile_last_name: 'Keane' }));
      const page = parse((await request(portal.app).get(`/j/${record!.profile_slug}`)).text);
      const avatar = page.querySelector('.public-profile .avatar');
      expect(avatar?.getAttribute('aria-hidden')).toBe('true');
      expect(textOf(avatar?.querySelector('.initials') ?? null)).toBe('RK');
      expect(avatar?.querySelector('img')?.getAttribute('src')).toBe(record!.profile_image);
      // No inline script (the CSP forbids it): the fallback lives in the portal's script file. The one inline
      // block is the JSON-LD Person, data that is never run.
      const inline = page.querySelectorAll('script').filter((script) => !script.getAttribute('src'));
      expect(inline.map((script) => script.getAttribute('type'))).toEqual(['application/ld+json']);
      const script = await request(portal.app).get('/assets/portal.js').expect(200);
      expect(script.text).toContain('.avatar img');
    });

    it('shows the initials alone when there is no photo', async () => {
      const [record] = await seed(
        portal.store,
        aProfile({ profile_first_name: 'Kenji', profile_last_name: 'Watanabe', profile_image: '' }),
      );
      const page = parse((await request(portal.app).get(`/j/${record!.profile_slug}`)).text);
      expect(textOf(page.querySelector('.avatar .initials'))).toBe('KW');
      expect(page.querySelector('.avatar img')).toBeNull();
    });
  });

  describe('the favicon', () => {
    it('is an SVG linked from every page, and /favicon.ico leads to it', async () => {
      const page = parse((await request(portal.app).get('/signin')).text);
      const icon = page.querySelector('link[rel="icon"]');
      expect(icon?.getAttribute('type')).toBe('image/svg+xml');
      const href = icon?.getAttribute('href') ?? '';
      const svg = await request(portal.app).get(href).expect(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(svg.body ?? svg.text)).toContain('<svg');

      const legacy = await request(portal.app).get('/favicon.ico');
      expect(legacy.status).toBe(301);
      expect(legacy.headers.location).toBe(href);
    });
  });
});
