/**
 * A Bluesky account claimed on the profile form (handle, `@handle` or DID) and proven by its profile record linking
 * the journalist's public page, against the reference PDS and PLC directory (@atproto/dev-env) on loopback. The
 * claim's key is the account's DID, its value the handle the DID document confirms.
 */
import { type StoreFactory } from '@byline/test-support';
import { toVerifiedIdentity } from '@byline/domain/claims/verified-identity';
import {
  csrfFrom,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
  type Agent,
} from '../support/portal-harness';
import { startBlueskyNetwork, type BlueskyNetwork } from '../support/bluesky';
import { PORTAL_URL, PUBLIC_URLS } from './portal-networks';

jest.setTimeout(60_000);

let network: BlueskyNetwork;
beforeAll(async () => {
  network = await startBlueskyNetwork();
});
afterAll(() => network?.close());

describe.each(portalStoreFactories())('proofs: Bluesky accounts ($name store)', (factory: StoreFactory) => {
  const portal = portalForEachTest(factory, () => ({ publicUrls: PUBLIC_URLS, bluesky: network.sources }));

  async function journalistClaiming(bluesky: string) {
    const { agent, email } = await signedUp(portal.app);
    const form = profileForm({ bluesky });
    const saved = await submit(agent, '/profile', '/profile', form);
    expect(saved.status).toBe(303);
    const profileId = (await portal.repositories.users.findByEmail(email))!.profileId!;
    const slug = (await portal.repositories.profiles.findById(profileId))!.profile_slug;
    const claims = async () => (await portal.claims.claimsOf(profileId)).filter((claim) => claim.kind === 'bluesky');
    return { agent, email, form, profileId, slug, claims };
  }

  async function checkNow(agent: Agent, claimId: number) {
    const page = await agent.get('/profile');
    const res = await agent
      .post(`/profile/proofs/bluesky/${claimId}/check`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/profile?proof=1#claim-${claimId}`);
    return (await agent.get('/profile?proof=1')).text;
  }

  it.each([
    ['its handle', (a: { handle: string }) => a.handle],
    ['its handle with @, in capitals', (a: { handle: string }) => `@${a.handle.toUpperCase()}`],
    ['its DID', (a: { did: string }) => a.did],
  ])('claims the account by %s: keyed by its DID, showing its handle', async (_how, written) => {
    const account = await network.createAccount('ciara');
    const { agent, claims } = await journalistClaiming(written(account));
    expect(await claims()).toEqual([
      expect.objectContaining({ kind: 'bluesky', key: account.did, value: account.handle, state: 'claimed' }),
    ]);
    const page = (await agent.get('/profile')).text;
    expect(page).toMatch(new RegExp(`<input[^>]*name="bluesky"[^>]*value="${account.handle.replace(/\./g, '\\.')}"`));
    expect(page).toContain(`Bluesky @${account.handle}`);
    expect(page).toContain(`/profile/proofs/bluesky/${(await claims())[0]!.id}/check`);
  });

  it('keeps the claim as it is when the form is saved again, and releases it when the field is emptied', async () => {
    const account = await network.createAccount('niamh');
    const { agent, form, claims } = await journalistClaiming(account.handle);
    const [first] = await claims();
    expect((await submit(agent, '/profile', '/profile', { ...form, bluesky: account.did })).status).toBe(303);
    expect(await claims()).toEqual([expect.objectContaining({ id: first!.id, releasedAt: null })]);
    expect((await submit(agent, '/profile', '/profile', { ...form, bluesky: '' })).status).toBe(303);
    expect((await claims()).filter((claim) => claim.releasedAt === null)).toEqual([]);
  });

  it.each([
    ['a malformed handle', 'not a handle'],
    ['a handle with one label', 'localhost'],
    ['a DID of another method', 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'],
    ['a malformed did:plc', 'did:plc:UPPERCASE'],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_what, value) => {
    const { agent, email } = await signedUp(portal.app);
    const res = await submit(agent, '/profile', '/profile', profileForm({ bluesky: value }));
    expect(res.status).toBe(422);
    expect(res.text).toContain('id="f-bluesky-error"');
    expect(res.text).toContain('This Bluesky account must be a handle');
    expect((await portal.repositories.users.findByEmail(email))!.profileId).toBeNull();
  });

  it('refuses a well-formed handle or DID that names no account, with 422 naming the field', async () => {
    for (const value of ['nobody-here.test', 'did:plc:aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const { agent } = await signedUp(portal.app);
      const res = await submit(agent, '/profile', '/profile', profileForm({ bluesky: value }));
      expect(res.status).toBe(422);
      expect(res.text).toContain('id="f-bluesky-error"');
      expect(res.text).toContain('This Bluesky account cannot be found');
    }
  });

  it('proves the account when its profile record links the public page, with evidence Bluesky answers for', async () => {
    const account = await network.createAccount('aoife');
    const { agent, slug, claims } = await journalistClaiming(account.handle);
    await network.putProfile(account, { displayName: 'Aoife', website: `${PORTAL_URL}/j/${slug}` });
    const text = await checkNow(agent, (await claims())[0]!.id);
    expect(text).toContain(`Your Bluesky account @${account.handle} is proven: its profile links to your public page.`);
    const [claim] = await claims();
    expect(claim).toMatchObject({ state: 'proven', key: account.did, value: account.handle });
    expect(claim!.evidence).toEqual([
      expect.objectContaining({
        method: 'rel-me',
        provider: { id: 'https://bsky.app', name: 'Bluesky' },
        provenValue: account.handle,
        subject: account.did,
        nextCheckAt: new Date(portal.clock.now.getTime() + 24 * 3600_000).toISOString(),
      }),
    ]);
    expect(toVerifiedIdentity(claim!, claim!.evidence[0]!)).toEqual({
      type: 'cawg.social_media',
      username: account.handle,
      uri: `https://bsky.app/profile/${account.handle}`,
      provider: { id: 'https://bsky.app', name: 'Bluesky' },
      verifiedAt: claim!.evidence[0]!.verifiedAt,
      method: 'uri_meta_tag_verification',
    });
  });

  it('proves it by an address in the profile description too', async () => {
    const account = await network.createAccount('orla');
    const { agent, slug, claims } = await journalistClaiming(account.did);
    await network.putProfile(account, { description: `Reporter. Verified: ${PORTAL_URL.replace('http://', '')}/j/${slug}.` });
    await checkNow(agent, (await claims())[0]!.id);
    expect((await claims())[0]).toMatchObject({ state: 'proven', value: account.handle });
  });

  it('refuses the proof when the profile does not link the public page, and says why', async () => {
    const account = await network.createAccount('quiet');
    const { agent, claims } = await journalistClaiming(account.handle);
    const none = await checkNow(agent, (await claims())[0]!.id);
    expect(none).toContain(`Your Bluesky account @${account.handle} is not proven yet: the Bluesky account has no profile yet.`);
    await network.putProfile(account, { website: `${PORTAL_URL}/j/someone-else` });
    const other = await checkNow(agent, (await claims())[0]!.id);
    expect(other).toContain('the Bluesky profile’s website and description do not link to this profile');
    expect((await claims())[0]).toMatchObject({ state: 'claimed', evidence: [] });
  });
});
