import { handleKey, HandleTakenError, recordProof, type ArticleInput, type ProfileFields } from '@byline/shared';
import { portalStoreFactories, startPortal, type Portal } from './support/portal-harness';
import { proveClaim, signedInAs } from './support/proofs';

/** The PortalStore's promises that both stores must keep, including those the embedded store gets from transactions. */
describe.each(portalStoreFactories())('portal store ($name store)', (factory) => {
  let portal: Portal;
  beforeEach(async () => {
    portal = await startPortal(factory);
  });
  afterEach(() => portal.close());

  let n = 0;
  const fields = (twitter: string): ProfileFields => ({
    profile_first_name: 'Aoife',
    profile_last_name: 'Brennan',
    profile_title: 'Courts reporter',
    profile_bio: '',
    profile_employer: 'The Ledger',
    profile_residing: 'Dublin',
    profile_image: '',
    profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
    user_location: 'ie',
    user_city: 'Dublin',
  });
  const article = (path: string, active = true): ArticleInput => ({
    title: `Story ${path}`,
    description: '',
    link: `https://news.example.org/${path}`,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    og_image: '',
    icon_path: '',
    published_at: `2024-01-0${(n % 9) + 1}T00:00:00.000Z`,
    post_id: null,
    feature: false,
    lg_index: null,
    tag_list: [],
    active,
    search_visible: true,
    author_name: null,
  });
  async function journalist(twitter = `@reporter${++n}`) {
    const user = await portal.backend.users.create({ email: `r${++n}@example.org`, passwordHash: 'x', role: 'journalist' });
    const profile = await portal.portalStore.saveProfile(user.id, fields(twitter), 'aoife-brennan');
    return { user, profile };
  }

  /** The profile's live network claims as [kind, value, state]. */
  const liveClaims = async (profileId: number) =>
    (await portal.claims.claimsOf(profileId)).filter((c) => c.releasedAt === null).map((c) => [c.kind, c.value, c.state]);
  const lookup = async (handle: string) => (await portal.store.findAuthorBySocialHandle('twitter', handle))?.profile.id ?? null;

  it('refuses a handle no account can have from any caller, saving nothing, and stores addresses as usernames', async () => {
    const email = `r${++n}@example.org`;
    const user = await portal.backend.users.create({ email, passwordHash: 'x', role: 'journalist' });
    const attempt = portal.portalStore.saveProfile(user.id, fields('javascript:alert(5)'), 'aoife-brennan');

    await expect(attempt).rejects.toMatchObject({
      name: 'InvalidSocialHandlesError',
      reasons: { twitter: expect.stringContaining('must be an X (Twitter) username') },
    });
    expect((await portal.backend.users.findByEmail(email))!.profileId).toBeNull();
    expect(await portal.store.findAuthorBySocialHandle('twitter', 'javascript:alert(5)')).toBeNull();

    const addresses = fields('https://x.com/Aoife_B');
    addresses.profile_social_profiles.linkedin = 'https://www.linkedin.com/in/aoife-b/';
    const saved = await portal.portalStore.saveProfile(user.id, addresses, 'aoife-brennan');
    // Typed handles are claims, kept as bare usernames; the document lists proven handles only.
    expect(await liveClaims(saved.id)).toEqual([
      ['twitter', 'Aoife_B', 'claimed'],
      ['linkedin', 'aoife-b', 'claimed'],
    ]);
    expect(saved.profile_social_profiles).toEqual({ twitter: '', facebook: '', linkedin: '', instagram: '' });
    await proveClaim(portal.claims, saved.id, 'twitter', 'Aoife_B');
    expect((await portal.portalStore.findProfileById(saved.id))!.profile_social_profiles).toEqual({
      twitter: 'Aoife_B',
      facebook: '',
      linkedin: '',
      instagram: '',
    });
    expect(await lookup(handleKey('twitter', 'https://x.com/Aoife_B'))).toBe(saved.id);
  });

  it('keeps the active article count the verifiers read right through add, edit and deactivation', async () => {
    const { profile } = await journalist();
    const one = await portal.portalStore.addArticle(profile.id, article('one'));
    await portal.portalStore.addArticle(profile.id, article('two'));
    await portal.portalStore.addArticle(profile.id, article('three', false));
    const count = async () => (await portal.store.findAuthorOfArticle('https://news.example.org/one'))?.activeArticleCount;
    expect(await count()).toBe(2);
    expect(await portal.portalStore.updateArticle(profile.id, one.id, { ...article('one'), title: 'Edited' })).toBe(true);
    expect(await count()).toBe(2);
    await portal.portalStore.updateArticle(profile.id, one.id, article('one', false));
    expect(await count()).toBeUndefined(); // no longer active, so not found by its address
    expect((await portal.store.findAuthorOfArticle('https://news.example.org/two'))?.activeArticleCount).toBe(1);
    expect(await portal.portalStore.updateArticle(profile.id + 1000, one.id, article('one'))).toBe(false);
  });

  it('gives new profiles unique slugs and finds them by a proven handle only', async () => {
    const first = await journalist('@samehandle_a');
    const second = await journalist('@samehandle_b');
    expect(first.profile.profile_slug).toBe('aoife-brennan');
    expect(second.profile.profile_slug).toBe('aoife-brennan-2');
    expect(first.profile.verified).toBe(false);
    // A handle typed into the form is a claim: it answers no lookup.
    expect(await portal.store.findAuthorBySocialHandle('twitter', 'samehandle_b')).toBeNull();
    await proveClaim(portal.claims, second.profile.id, 'twitter', '@samehandle_b');
    const found = await portal.store.findAuthorBySocialHandle('twitter', 'samehandle_b');
    expect(found?.profile).toMatchObject({ id: second.profile.id, profile_first_name: 'Aoife', verified: false });
    expect(await lookup('samehandle_a')).toBeNull();
  });

  it('lets unproven claims block nobody; refuses a handle another profile holds proven, saving nothing; releases dropped handles', async () => {
    const holder = await journalist('@held_handle');
    const other = await journalist('@other_handle');
    const rival = await journalist('@HELD_handle'); // an unproven claim never blocks anyone
    const key = handleKey('twitter', '@held_handle');
    expect((await portal.claims.claimsOfKey('twitter', key)).map((c) => [c.profileId, c.state])).toEqual(
      expect.arrayContaining([
        [holder.profile.id, 'claimed'],
        [rival.profile.id, 'claimed'],
      ]),
    );
    expect(await lookup('held_handle')).toBeNull();

    // Proving it releases the rival's unproven claim of the same handle; the handle then answers for the holder.
    const proven = await recordProof(portal.claims, {
      profileId: holder.profile.id,
      kind: 'twitter',
      value: '@held_handle',
      evidence: signedInAs('@held_handle'),
    });
    expect(proven).toMatchObject({ ok: true, released: [{ profileId: rival.profile.id }] });
    expect(await liveClaims(rival.profile.id)).toEqual([]);
    expect(await lookup('held_handle')).toBe(holder.profile.id);

    const taken = { ...fields('@HELD_handle'), profile_first_name: 'Changed' };
    const refused = portal.portalStore.saveProfile(other.user.id, taken, 'x');
    await expect(refused).rejects.toBeInstanceOf(HandleTakenError);
    await expect(refused).rejects.toMatchObject({ types: ['twitter'] });
    expect((await portal.portalStore.findProfileById(other.profile.id))!.profile_first_name).toBe('Aoife');
    expect(await liveClaims(other.profile.id)).toEqual([['twitter', '@other_handle', 'claimed']]);
    expect(await lookup('held_handle')).toBe(holder.profile.id);

    // The holder drops it: its proof ends, the lookup stops, and the handle is free to claim (and prove) again.
    await portal.portalStore.saveProfile(holder.user.id, fields('@new_handle'), 'x');
    expect(await lookup('held_handle')).toBeNull();
    const claimedAgain = await portal.portalStore.saveProfile(other.user.id, fields('@held_handle'), 'x');
    expect(claimedAgain.profile_social_profiles.twitter).toBe('');
    expect(await liveClaims(other.profile.id)).toEqual([['twitter', '@held_handle', 'claimed']]);
    expect(await lookup('held_handle')).toBeNull();
    await proveClaim(portal.claims, other.profile.id, 'twitter', '@held_handle');
    expect((await portal.portalStore.findProfileById(other.profile.id))!.profile_social_profiles.twitter).toBe('@held_handle');
    expect(await lookup('held_handle')).toBe(other.profile.id);
  });

  it('opens one pending request however many arrive at once, and a decision closes it with an audit record', async () => {
    const { profile, user } = await journalist('@to_verify');
    await proveClaim(portal.claims, profile.id, 'twitter', '@to_verify');
    expect((await portal.store.findAuthorBySocialHandle('twitter', 'to_verify'))?.profile.verified).toBe(false);
    const requests = await Promise.all([1, 2, 3].map(() => portal.portalStore.requestVerification(profile.id, user.email)));
    expect(new Set(requests.map((r) => r.id)).size).toBe(1);
    expect(await portal.portalStore.pendingRequests()).toEqual([requests[0]]);

    expect(
      await portal.portalStore.decideVerification({
        profileId: profile.id,
        actor: 'ed@example.org',
        action: 'verified',
        note: 'ok',
      }),
    ).toBe(true);
    expect(await portal.portalStore.pendingRequest(profile.id)).toBeNull();
    expect(await portal.portalStore.pendingRequests()).toEqual([]);
    expect((await portal.portalStore.findProfileById(profile.id))?.verified).toBe(true);
    expect((await portal.store.findAuthorBySocialHandle('twitter', 'to_verify'))?.profile.verified).toBe(true);
    const history = await portal.backend.audit.historyOf(profile.id);
    expect(history.map((r) => [r.action, r.actor, r.note])).toEqual([
      ['verified', 'ed@example.org', 'ok'],
      ['requested', user.email, ''],
    ]);

    const again = await portal.portalStore.requestVerification(profile.id, user.email);
    expect(again.id).not.toBe(requests[0]!.id);
    expect(again.status).toBe('pending');
    expect(
      await portal.portalStore.decideVerification({ profileId: 999_999, actor: 'ed@example.org', action: 'rejected', note: '' }),
    ).toBe(false);
  });

  it('returns a verified profile to the queue, unverified, with one pending request and its audit record', async () => {
    const { profile } = await journalist('@back_to_queue');
    await proveClaim(portal.claims, profile.id, 'twitter', '@back_to_queue');
    await portal.portalStore.decideVerification({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    const entry = { profileId: profile.id, actor: 'byline:no-live-proof', action: 'no-live-proof' as const, note: 'gone' };
    expect(await portal.portalStore.returnToQueue(entry)).toBe(true);
    expect((await portal.portalStore.findProfileById(profile.id))?.verified).toBe(false);
    expect((await portal.store.findAuthorBySocialHandle('twitter', 'back_to_queue'))?.profile.verified).toBe(false);
    const pending = await portal.portalStore.pendingRequest(profile.id);
    expect(pending).toMatchObject({ requestedBy: 'byline:no-live-proof', status: 'pending' });
    // Again, with the request still open: no second request, one more record.
    expect(await portal.portalStore.returnToQueue({ ...entry, note: 'again' })).toBe(true);
    expect(await portal.portalStore.pendingRequests()).toEqual([pending]);
    expect((await portal.backend.audit.historyOf(profile.id)).map((r) => [r.action, r.actor, r.note])).toEqual([
      ['no-live-proof', 'byline:no-live-proof', 'again'],
      ['no-live-proof', 'byline:no-live-proof', 'gone'],
      ['verified', 'ed@example.org', ''],
    ]);
    expect(await portal.portalStore.returnToQueue({ ...entry, profileId: 999_999 })).toBe(false);
  });
});
