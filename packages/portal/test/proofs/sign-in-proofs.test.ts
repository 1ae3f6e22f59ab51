/**
 * Proving a handle by signing in with the network, through the portal: the profile page's "Sign in with …",
 * the provider's own pages (a real OpenID provider on loopback per network), the callback, the evidence
 * stored, and what the verifiers answer. Every failure case the journalist can meet ends on a page that says
 * what happened, and proves nothing.
 */
import request from 'supertest';
import { handleKey } from '@byline/domain/social/social-handle';
import { type SocialType } from '@byline/domain/domain/types';
import type { TestProvider } from '@byline/test-support';
import { portalStoreFactories, profileForm, signedUp, submit, type Agent, type Portal } from '../support/portal-harness';
import { followCallback, NETWORKS, PORTAL_URL, portalWithNetworks, pressSignIn, startNetworkProvider } from './portal-networks';
import { approvedByEditor } from '../support/editors';

const ALL: SocialType[] = ['twitter', 'linkedin', 'facebook', 'instagram'];

let providers: Record<SocialType, TestProvider>;
beforeAll(async () => {
  const started = await Promise.all(ALL.map((network) => startNetworkProvider(NETWORKS[network])));
  providers = Object.fromEntries(ALL.map((network, i) => [network, started[i]!])) as Record<SocialType, TestProvider>;
});
afterAll(() => Promise.all(Object.values(providers ?? {}).map((provider) => provider.stop())));

/** The verifiers' lookup, in a later event-loop turn (the embedded store answers from a per-turn snapshot). */
async function answerFor(portal: Portal, network: SocialType, handle: string) {
  await new Promise((resolve) => setImmediate(resolve));
  const answer = await portal.store.journalistAnswer(network, handleKey(network, handle));
  return answer === null ? null : (JSON.parse(answer) as { verified: boolean; slug: string; profile_social_profiles: object });
}

/** A signed-up journalist whose profile claims `claims` (network → typed value). */
async function journalist(portal: Portal, claims: Partial<Record<SocialType, string>>) {
  const { agent, email } = await signedUp(portal.app);
  const none = { twitter: '', facebook: '', linkedin: '', instagram: '' };
  const saved = await submit(agent, '/profile', '/profile', profileForm({ ...none, ...claims }));
  if (saved.status !== 303) throw new Error(`profile not saved: ${saved.status}`);
  const { profileId } = (await portal.repositories.users.findByEmail(email))!;
  const profile = (await portal.repositories.profiles.findById(profileId!))!;
  return { agent, email, profileId: profileId!, slug: profile.profile_slug };
}

/** Profile page → "Sign in with …" → the provider's pages as `login` → the callback, requested from the portal. */
async function signInWith(agent: Agent, network: SocialType, login: string, provider = providers[network]) {
  const { res, authorizationUrl } = await pressSignIn(agent, network);
  if (res.status !== 200 || !authorizationUrl) throw new Error(`sign-in did not start: ${res.status} ${res.text}`);
  const callbackUrl = await provider.signIn(authorizationUrl, login);
  return { callbackUrl, callback: await followCallback(agent, callbackUrl) };
}

describe.each(portalStoreFactories())('proofs: sign in with the network ($name store)', (factory) => {
  let portal: Portal;
  beforeEach(async () => {
    portal = await portalWithNetworks(factory, providers);
  });
  afterEach(() => portal.close());

  describe.each(ALL.map((network) => NETWORKS[network]))('with $name', (entry) => {
    it('proves the handle the provider answers; the verifiers answer once the profile is verified', async () => {
      const { agent, profileId } = await journalist(portal, { [entry.network]: entry.username });
      const page = await agent.get('/profile');
      expect(page.text).toContain(`Sign in with ${entry.name}`);
      expect(page.text).toContain('Claimed, not proven');

      const { res, authorizationUrl } = await pressSignIn(agent, entry.network);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`Continue to ${entry.name}`);
      expect(res.text).toMatch(/<meta http-equiv="refresh" content="0; url=/);
      const authorization = new URL(authorizationUrl!);
      expect(authorization.searchParams.get('redirect_uri')).toBe(`${PORTAL_URL}/profile/proofs/callback/${entry.network}`);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');

      const callback = await followCallback(agent, await providers[entry.network].signIn(authorizationUrl!, 'niamh'));
      expect(callback.status).toBe(303);
      expect(callback.headers.location).toBe('/profile?proof=1');
      const after = await agent.get('/profile?proof=1');
      expect(after.text).toMatch(new RegExp(`Your ${entry.name} handle @?${entry.username.replace(/\./g, '\\.')} is proven`));
      expect(after.text).toMatch(/<span class="badge verified">Proven<\/span>/);
      expect(after.text).toContain(`signed in with ${entry.name}`);
      // The notice is shown once.
      expect((await agent.get('/profile?proof=1')).text).not.toContain('is proven: you signed in');

      const [claim] = await portal.claims.claimsOf(profileId);
      expect(claim).toMatchObject({ kind: entry.network, value: entry.username, state: 'proven' });
      expect(claim!.evidence).toEqual([
        expect.objectContaining({
          method: 'network-sign-in',
          provider: { id: providers[entry.network].issuer, name: entry.name },
          provenValue: entry.username,
          subject: `${entry.network}-1001`,
          by: `network:${providers[entry.network].issuer}`,
          endedAt: null,
        }),
      ]);

      expect(await answerFor(portal, entry.network, entry.username)).toBeNull();
      await approvedByEditor(portal, profileId);
      expect(await answerFor(portal, entry.network, entry.username)).toMatchObject({
        verified: true,
        profile_social_profiles: { [entry.network]: entry.username },
      });
    });
  });

  it('proves the account signed in to, not the one typed, and says so plainly', async () => {
    const { agent, profileId } = await journalist(portal, { twitter: '@TypedName' });
    await approvedByEditor(portal, profileId);
    const { callback } = await signInWith(agent, 'twitter', 'other');
    expect(callback.status).toBe(303);
    const page = await agent.get(callback.headers.location!);
    expect(page.text).toContain(
      'You signed in as @someone_else, so @someone_else is now your proven X handle; @TypedName was not proven.',
    );
    const claims = await portal.claims.claimsOf(profileId);
    expect(claims.map((c) => [c.value, c.state, c.releasedAt === null])).toEqual([
      ['someone_else', 'proven', true],
      ['@TypedName', 'claimed', false],
    ]);
    expect(await answerFor(portal, 'twitter', 'TypedName')).toBeNull();
    expect(await answerFor(portal, 'twitter', 'someone_else')).toMatchObject({ verified: true });
    // The form shows the proven handle now.
    expect(page.text).toContain('value="someone_else"');
  });

  it('refuses a callback whose state this portal never issued, and proves nothing', async () => {
    const { agent, profileId } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    const forged = await agent.get('/profile/proofs/callback/twitter?code=abc&state=forged');
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('This sign-in was not started here (or the link was altered).');
    expect((await agent.get('/profile/proofs/callback/twitter?code=abc')).status).toBe(400);

    // A real callback with its state altered is refused; the genuine one still completes.
    const { authorizationUrl } = await pressSignIn(agent, 'twitter');
    const callbackUrl = await providers.twitter.signIn(authorizationUrl!, 'niamh');
    const altered = new URL(callbackUrl);
    altered.searchParams.set('state', `${altered.searchParams.get('state')}x`);
    const refused = await followCallback(agent, altered.href);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('not started here');
    expect((await portal.claims.claimsOf(profileId))[0]!.state).toBe('claimed');
    expect((await followCallback(agent, callbackUrl)).status).toBe(303);
  });

  it('refuses a replayed callback: the same address a second time proves nothing more', async () => {
    const { agent, profileId } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    const { callbackUrl, callback } = await signInWith(agent, 'twitter', 'niamh');
    expect(callback.status).toBe(303);
    const replay = await followCallback(agent, callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('This sign-in was already used.');
    expect((await portal.claims.claimsOf(profileId))[0]!.evidence).toHaveLength(1);
  });

  it('refuses a callback that comes back after 10 minutes', async () => {
    const { agent, profileId } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    const { authorizationUrl } = await pressSignIn(agent, 'twitter');
    const callbackUrl = await providers.twitter.signIn(authorizationUrl!, 'niamh');
    portal.clock.now = new Date(portal.clock.now.getTime() + 10 * 60_000 + 1000);
    const late = await followCallback(agent, callbackUrl);
    expect(late.status).toBe(400);
    expect(late.text).toContain('The sign-in with X took too long; start again from your profile.');
    expect((await portal.claims.claimsOf(profileId))[0]!.state).toBe('claimed');
  });

  it('refuses a callback brought to another Byline account', async () => {
    const { agent } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    const { authorizationUrl } = await pressSignIn(agent, 'twitter');
    const callbackUrl = await providers.twitter.signIn(authorizationUrl!, 'niamh');
    const intruder = await journalist(portal, { twitter: '@Intruder' });
    const res = await followCallback(intruder.agent, callbackUrl);
    expect(res.status).toBe(403);
    expect(res.text).toContain('This sign-in was started by another Byline account.');
    expect((await portal.claims.claimsOf(intruder.profileId))[0]).toMatchObject({ value: '@Intruder', state: 'claimed' });
  });

  it('says nothing was proven when the journalist declines on the provider’s page', async () => {
    const { agent, profileId } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    const { authorizationUrl } = await pressSignIn(agent, 'twitter');
    const callbackUrl = await providers.twitter.signIn(authorizationUrl!, 'niamh', { decision: 'deny' });
    const res = await followCallback(agent, callbackUrl);
    expect(res.status).toBe(400);
    expect(res.text).toContain('You did not allow Byline to read your X account, so nothing was proven.');
    expect((await portal.claims.claimsOf(profileId))[0]!.state).toBe('claimed');
  });

  it('refuses an account another profile has proven, and points to an editor', async () => {
    const holder = await journalist(portal, { twitter: NETWORKS.twitter.username });
    expect((await signInWith(holder.agent, 'twitter', 'niamh')).callback.status).toBe(303);
    const late = await journalist(portal, { twitter: '@LateComer' });
    const { callback } = await signInWith(late.agent, 'twitter', 'niamh');
    expect(callback.status).toBe(409);
    expect(callback.text).toContain(
      'The X account @NiamhCass94 is already proven on another Byline profile. If it is yours, ask an editor to move it to this profile.',
    );
    expect((await portal.claims.claimsOf(late.profileId)).map((c) => [c.value, c.state])).toEqual([['@LateComer', 'claimed']]);
    expect((await portal.claims.claimsOf(holder.profileId))[0]).toMatchObject({ state: 'proven' });
  });

  it('releases a squatter’s unproven claim, and the squatter sees why', async () => {
    const squatter = await journalist(portal, { twitter: `@${NETWORKS.twitter.username}` });
    await approvedByEditor(portal, squatter.profileId);
    const owner = await journalist(portal, { twitter: NETWORKS.twitter.username });
    await approvedByEditor(portal, owner.profileId);
    expect(await answerFor(portal, 'twitter', NETWORKS.twitter.username)).toBeNull();

    expect((await signInWith(owner.agent, 'twitter', 'niamh')).callback.status).toBe(303);

    expect(await answerFor(portal, 'twitter', NETWORKS.twitter.username)).toMatchObject({ slug: owner.slug });
    const page = await squatter.agent.get('/profile');
    const today = portal.clock.now.toISOString().slice(0, 10);
    expect(page.text).toContain(`Released on ${today}: another profile proved it is theirs by signing in with the network.`);
    // Told at the top of the page, above the form, and in the history, which names the network that vouched.
    const aboveTheForm = page.text.slice(0, page.text.indexOf('<form method="post" action="/profile"'));
    expect(aboveTheForm).toContain(`Released on ${today}: another profile proved it is theirs`);
    expect((await portal.repositories.audit.historyOf(squatter.profileId))[0]).toMatchObject({
      action: 'claim-released',
      actor: `network:${providers.twitter.issuer}`,
      note: `X @${NETWORKS.twitter.username}: Released on ${today}: another profile proved it is theirs by signing in with the network.`,
    });
    // Verified on an editor's word alone, it had no proof to lose: still verified.
    expect((await portal.repositories.profiles.findById(squatter.profileId))!.verified).toBe(true);
    expect(page.text).toContain('id="f-twitter" name="twitter"');
    expect(page.text).not.toMatch(/name="twitter"[^>]*value="@?NiamhCass94"/);
    // Proven by another, the handle can no longer be claimed.
    const again = await submit(squatter.agent, '/profile', '/profile', profileForm({ twitter: '@NiamhCass94' }));
    expect(again.status).toBe(409);
  });

  it('refuses to start without the CSRF token, or for a network that does not exist', async () => {
    const { agent } = await journalist(portal, { twitter: NETWORKS.twitter.username });
    expect((await agent.post('/profile/proofs/twitter/start').type('form').send({})).status).toBe(403);
    const page = await agent.get('/profile');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    expect((await agent.post('/profile/proofs/myspace/start').type('form').send({ _csrf: csrf })).status).toBe(404);
    expect((await request(portal.app).get('/profile/proofs/callback/twitter?state=x&code=y')).status).toBe(303);
  });
});

describe.each(portalStoreFactories())('proofs: when sign-in cannot happen ($name store)', (factory) => {
  it('says a network that is not configured is not, and offers the other proofs', async () => {
    const portal = await portalWithNetworks(factory, { twitter: providers.twitter });
    try {
      const { agent } = await journalist(portal, { twitter: NETWORKS.twitter.username, instagram: 'niamh.writes' });
      const page = await agent.get('/profile');
      expect(page.text).toContain('Sign in with X');
      expect(page.text).not.toContain('Sign in with Instagram');
      expect(page.text).toContain(
        'Sign-in with Instagram is not configured on this portal. An editor can attest this handle instead',
      );
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
      const res = await agent.post('/profile/proofs/instagram/start').type('form').send({ _csrf: csrf });
      expect(res.status).toBe(404);
      expect(res.text).toContain('Sign-in with Instagram is not configured on this portal.');
    } finally {
      await portal.close();
    }
  });

  it('says the provider is not answering when it goes down between the start and the callback', async () => {
    const provider = await startNetworkProvider(NETWORKS.twitter);
    const portal = await portalWithNetworks(factory, { twitter: provider });
    try {
      const { agent, profileId } = await journalist(portal, { twitter: NETWORKS.twitter.username });
      const { authorizationUrl } = await pressSignIn(agent, 'twitter');
      const callbackUrl = await provider.signIn(authorizationUrl!, 'niamh');
      await provider.stop();
      const res = await followCallback(agent, callbackUrl);
      expect(res.status).toBe(503);
      expect(res.text).toContain('X sign-in is not answering; try again later.');
      expect((await portal.claims.claimsOf(profileId))[0]!.state).toBe('claimed');
    } finally {
      await provider.stop().catch(() => undefined);
      await portal.close();
    }
  });

  it('says the provider is not answering when it is down at the start (OpenID Connect discovery)', async () => {
    const provider = await startNetworkProvider(NETWORKS.linkedin);
    const portal = await portalWithNetworks(factory, { linkedin: provider });
    try {
      const { agent } = await journalist(portal, { linkedin: NETWORKS.linkedin.username });
      await provider.stop();
      const { res } = await pressSignIn(agent, 'linkedin');
      expect(res.status).toBe(503);
      expect(res.text).toContain('LinkedIn sign-in is not answering; try again later.');
    } finally {
      await portal.close();
    }
  });
});
