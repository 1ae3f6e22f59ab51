import request from 'supertest';
import { aProfile, seed } from '@byline/test-support';
import { recordProof } from '@byline/domain/claims/record-proof';
import { profileFieldsFromForm, saveProfile } from '../src/use-cases/profiles';
import {
  portalForEachTest,
  portalStoreFactories,
  profileSent,
  PROFILE_FORM,
  profileForm,
  signedUp,
  submit,
} from './support/portal-harness';
import { approvedByEditor } from './support/editors';

describe.each(portalStoreFactories())('journalist profile ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  it('creates a profile with every Author-profile field and a slug from the names', async () => {
    const { agent } = await signedUp(portal.app);
    const form = profileForm({ profile_first_name: 'Aoife', profile_last_name: 'Ní Bhraonáin' });
    const res = await submit(agent, '/profile', '/profile', form);
    expect(res.status).toBe(303);
    const page = await agent.get('/profile?saved=1');
    expect(page.text).toContain('Profile saved.');
    expect(page.text).toContain('/j/aoife-ni-bhraonain');
    const stored = await portal.repositories.profiles.findBySlug('aoife-ni-bhraonain');
    expect(stored).toMatchObject({
      verified: false,
      profile_first_name: 'Aoife',
      profile_last_name: 'Ní Bhraonáin',
      profile_title: 'Courts reporter',
      profile_bio: 'Covers the courts.',
      profile_employer: 'The Leinster Ledger',
      profile_residing: 'Dublin',
      profile_image: 'https://cdn.example.org/aoife.jpg',
      // Typed handles are claims until proven: the profile (and every answer) holds proven handles only.
      profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' },
      user_location: 'IE',
      user_city: 'Dublin',
      follower_count: 0,
    });
    expect(stored!.profile_created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The LinkedIn profile address typed in the form is claimed as its username, as an import stores it.
    const claims = await portal.claims.claimsOf(stored!.id);
    expect(claims.map((c) => [c.kind, c.value, c.state])).toEqual([
      ['twitter', form.twitter, 'claimed'],
      ['facebook', form.facebook, 'claimed'],
      ['linkedin', form.linkedin.replace('https://www.linkedin.com/in/', ''), 'claimed'],
    ]);
    // The form shows the claims back.
    expect(page.text).toContain(`value="${form.twitter}"`);
    expect(page.text).toContain(`value="${form.facebook}"`);
  });

  it('keeps slugs unique, stable across edits that keep the name, following a new name until verification', async () => {
    await seed(portal.store, aProfile({ profile_slug: 'aoife-brennan' }));
    const { agent } = await signedUp(portal.app);
    await submit(agent, '/profile', '/profile', profileForm());
    expect(await portal.repositories.profiles.findBySlug('aoife-brennan-2')).not.toBeNull();
    await submit(agent, '/profile', '/profile', profileForm({ profile_title: 'Crime reporter' }));
    expect(await portal.repositories.profiles.findBySlug('aoife-brennan-2')).not.toBeNull();
    await submit(agent, '/profile', '/profile', profileForm({ profile_first_name: 'Aoife Marie' }));
    const edited = await portal.repositories.profiles.findBySlug('aoife-marie-brennan');
    expect(edited!.profile_first_name).toBe('Aoife Marie');
  });

  it('refuses a social handle held by another profile, with the message next to that field', async () => {
    const [other] = await seed(portal.store, aProfile());
    const { agent, email } = await signedUp(portal.app);
    const takenHandle = ` ${other!.profile_social_profiles.twitter.toUpperCase()} `;
    const res = await submit(agent, '/profile', '/profile', profileForm({ twitter: takenHandle }));
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/id="f-twitter-error"[^>]*>This handle belongs to another Byline profile/);
    expect(res.text).not.toContain('id="f-facebook-error"');
    expect(res.text).toContain('value="Aoife"');
    const user = await portal.repositories.users.findByEmail(email);
    expect(user!.profileId).toBeNull();
  });

  it('reports a taken handle together with other mistakes', async () => {
    const [other] = await seed(portal.store, aProfile());
    const { res } = await profileSent(portal.app, {
      instagram: other!.profile_social_profiles.instagram,
      user_location: 'Ireland',
    });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-instagram-error"[^>]*>This handle belongs to another Byline profile/);
    expect(res.text).toMatch(/id="f-user_location-error"/);
  });

  it('validates fields next to each field', async () => {
    const { agent } = await signedUp(portal.app);
    const res = await submit(agent, '/profile', '/profile', {
      ...PROFILE_FORM,
      profile_first_name: '',
      profile_image: 'javascript:alert(1)',
      user_location: 'Ireland',
      twitter: 'https://facebook.com/someone',
    });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-profile_first_name-error"[^>]*>Enter your first name/);
    expect(res.text).toMatch(/id="f-profile_image-error"[^>]*>The image address must be an address starting with http/);
    expect(res.text).toMatch(/id="f-user_location-error"[^>]*>Use a two-letter country code/);
    expect(res.text).toMatch(/id="f-twitter-error"[^>]*>This X \(Twitter\) handle is an address that is not a twitter profile/);
  });

  it('refuses handles no account can have, next to each field, and saves nothing', async () => {
    const { email, res } = await profileSent(portal.app, {
      twitter: 'javascript:alert(5)',
      instagram: '<svg/onload=alert(5)>',
      facebook: 'https://www.facebook.com/profile.php?id=x',
      linkedin: 'https://www.linkedin.com/in/niamh.cassidy',
    });

    expect(res.status).toBe(422);
    expect(res.text).toMatch(
      /id="f-twitter-error"[^>]*>This X \(Twitter\) handle must be an X \(Twitter\) username: 1–15 letters/,
    );
    expect(res.text).toMatch(/id="f-instagram-error"[^>]*>This Instagram handle must be an Instagram username/);
    expect(res.text).toMatch(/id="f-facebook-error"[^>]*>This Facebook handle must be a Facebook username/);
    expect(res.text).toMatch(/id="f-linkedin-error"[^>]*>This LinkedIn handle must be a LinkedIn profile name/);
    expect(res.text).not.toContain('<svg/onload');
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it("refuses the address of a network's own page, naming the field, and saves nothing", async () => {
    const { agent, email, res } = await profileSent(portal.app, {
      twitter: 'https://x.com/home',
      instagram: 'https://www.instagram.com/p/C1a2B3c4D5e/',
      facebook: 'https://www.facebook.com/groups/123456789/',
    });

    expect(res.status).toBe(422);
    expect(res.text).toMatch(
      /id="f-twitter-error"[^>]*>This X \(Twitter\) handle is the address of a page of the network \(x\.com\/home\), not of an account/,
    );
    expect(res.text).toMatch(/id="f-instagram-error"[^>]*>This Instagram handle is the address of a page of the network/);
    expect(res.text).toMatch(/id="f-facebook-error"[^>]*>This Facebook handle is the address of a page of the network/);
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();

    const byNumber = await submit(agent, '/profile', '/profile', profileForm({ twitter: 'https://x.com/i/user/12345' }));
    expect(byNumber.status).toBe(422);
    expect(byNumber.text).toMatch(/id="f-twitter-error"[^>]*>This X \(Twitter\) handle is the address of an account number/);
  });

  it('takes the username an X follow address names', async () => {
    const { agent, email } = await signedUp(portal.app);
    const username = `Aoife_${Date.now().toString(36).slice(-6)}`;
    const res = await submit(
      agent,
      '/profile',
      '/profile',
      profileForm({ twitter: `https://twitter.com/intent/user?screen_name=${username}` }),
    );

    expect(res.status).toBe(303);
    const user = await portal.repositories.users.findByEmail(email);
    expect((await portal.claims.claimsOf(user!.profileId!)).find((c) => c.kind === 'twitter')!.value).toBe(username);
  });

  it('stores a profile address as its username: the same value an import stores, and a lookup shows', async () => {
    const { agent, email } = await signedUp(portal.app);
    const n = Date.now().toString(36);
    await submit(
      agent,
      '/profile',
      '/profile',
      profileForm({
        twitter: `https://x.com/Aoife_${n}?s=21`,
        facebook: 'https://www.facebook.com/profile.php?id=100012345678901',
        linkedin: `https://ie.linkedin.com/in/aoife-brennan-${n}/`,
        instagram: `https://www.instagram.com/aoife.${n}/`,
      }),
    );

    const user = await portal.repositories.users.findByEmail(email);
    const claims = await portal.claims.claimsOf(user!.profileId!);
    expect(Object.fromEntries(claims.map((c) => [c.kind, c.value]))).toEqual({
      twitter: `Aoife_${n}`,
      facebook: '100012345678901',
      linkedin: `aoife-brennan-${n}`,
      instagram: `aoife.${n}`,
    });
    const page = await agent.get('/profile');
    expect(page.text).toContain(`value="aoife-brennan-${n}"`);
  });

  it('turns a handle the store refuses into a field error, not a failure', async () => {
    const { email } = await signedUp(portal.app);
    const user = await portal.repositories.users.findByEmail(email);
    const fields = profileFieldsFromForm({ ...profileForm(), twitter: 'javascript:alert(5)' });

    const result = await saveProfile(portal.repositories.profiles, user!, fields);

    expect(result).toEqual({ ok: false, errors: { twitter: expect.stringMatching(/^This X \(Twitter\) handle must be an X/) } });
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('escapes what people type', async () => {
    const { agent } = await signedUp(portal.app);
    await submit(
      agent,
      '/profile',
      '/profile',
      // A name needs a letter besides markup (markup alone is refused): what it holds is escaped.
      profileForm({ profile_first_name: 'Al<script>alert(1)</script>', profile_bio: '"><img src=x onerror=alert(1)>' }),
    );
    const page = await agent.get('/profile');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<img src=x');
  });

  it('a typed handle answers nothing until proven; changing a proven handle in the form ends its proof at once', async () => {
    const { agent, email } = await signedUp(portal.app);
    const form = profileForm();
    await submit(agent, '/profile', '/profile', form);
    const { profileId } = (await portal.repositories.users.findByEmail(email))!;
    await approvedByEditor(portal, profileId!);
    const handleKeyOf = (value: string) => value.replace(/^@/, '').toLowerCase();
    expect(await portal.store.findAuthorBySocialHandle('twitter', handleKeyOf(form.twitter))).toBeNull();

    // Proven (as a sign-in records it), the handle answers; typed over in the form, it stops at once.
    await recordProof(portal.claims, {
      profileId: profileId!,
      kind: 'twitter',
      value: form.twitter,
      evidence: {
        method: 'network-sign-in',
        provider: { id: 'https://x.test', name: 'X' },
        provenValue: form.twitter,
        by: 'network:https://x.test',
      },
    });
    expect((await portal.store.findAuthorBySocialHandle('twitter', handleKeyOf(form.twitter)))!.profile.profile_first_name).toBe(
      'Aoife',
    );
    await submit(agent, '/profile', '/profile', { ...form, twitter: '@SomeoneElse991' });
    expect(await portal.store.findAuthorBySocialHandle('twitter', handleKeyOf(form.twitter))).toBeNull();
    expect(await portal.store.findAuthorBySocialHandle('twitter', 'someoneelse991')).toBeNull();
    expect((await agent.get('/profile')).text).toContain('value="@SomeoneElse991"');
  });

  it('keeps websites as claims, one address a line, and shows them back', async () => {
    const { agent, email } = await signedUp(portal.app);
    const res = await submit(agent, '/profile', '/profile', {
      ...profileForm(),
      websites: ' https://aoife.example/about \r\n\r\nhttps://mastodon.social/@aoife\nhttps://aoife.example/about',
    });
    expect(res.status).toBe(303);
    const { profileId } = (await portal.repositories.users.findByEmail(email))!;
    const sites = (await portal.claims.claimsOf(profileId!)).filter((c) => c.kind === 'website');
    expect(sites.map((c) => [c.value, c.state])).toEqual([
      ['https://aoife.example/about', 'claimed'],
      ['https://mastodon.social/@aoife', 'claimed'],
    ]);
    const page = await agent.get('/profile');
    expect(page.text).toMatch(
      /<textarea[^>]*name="websites"[^>]*>https:\/\/aoife\.example\/about\nhttps:\/\/mastodon\.social\/@aoife<\/textarea>/,
    );

    // A line taken out of the list ends that claim.
    await submit(agent, '/profile', '/profile', { ...profileForm(), websites: 'https://mastodon.social/@aoife' });
    const after = (await portal.claims.claimsOf(profileId!)).filter((c) => c.kind === 'website');
    expect(after.filter((c) => c.releasedAt === null).map((c) => c.value)).toEqual(['https://mastodon.social/@aoife']);
  });

  it('refuses websites that are not http(s) addresses, or more than five, and saves nothing', async () => {
    const { agent, email } = await signedUp(portal.app);
    const bad = await submit(agent, '/profile', '/profile', {
      ...profileForm(),
      websites: 'https://fine.example\njavascript:alert(1)',
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="f-websites-error"[^>]*>Each website must be an address starting with http:\/\/ or https:\/\//);
    const many = await submit(agent, '/profile', '/profile', {
      ...profileForm(),
      websites: [1, 2, 3, 4, 5, 6].map((n) => `https://site${n}.example`).join('\n'),
    });
    expect(many.status).toBe(422);
    expect(many.text).toMatch(/id="f-websites-error"[^>]*>List at most 5 websites/);
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('sends signed-out visitors to sign in', async () => {
    const res = await request(portal.app).get('/profile');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/signin?next=%2Fprofile');
  });

  it('does not carry a very long address through sign-in (its Location would outgrow proxy buffers)', async () => {
    const res = await request(portal.app).get(`/profile?${'x'.repeat(12_000)}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/signin');
  });
});
