/**
 * A Bluesky account claimed on the profile form (handle, `@handle` or DID) and proven by its profile record linking
 * the journalist's public page, against the reference PDS and PLC directory (@atproto/dev-env) on loopback. The
 * claim's key is the account's DID, its value the handle the DID document confirms.
 */
import { bearer, type StoreFactory } from '@byline/test-support';
import { answerFor, decideIdentityChange, editor, ONLY_X, reviewPath } from '../support/editors';
import { verifiers } from '../support/verifiers';
import { proveClaim } from '../support/proofs';
import { repositoriesOf, relayStoreOutbox } from '@byline/shared/store';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
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
import {
  BLUESKY_RECHECK_POLICY,
  journalistClaimingBluesky,
  publishingOn,
  recheckBlueskyAt,
  startBlueskyNetwork,
  type BlueskyNetwork,
  type TestAccount,
} from '../support/bluesky';
import { VERIFICATION_COLLECTION } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { PORTAL_URL, PUBLIC_URLS } from './portal-networks';

jest.setTimeout(60_000);

let network: BlueskyNetwork;
/** New handles are unique across both stores' tests: the PDS is one. */
let renames = 0;
/** Byline's own account on the test PDS, which the worker publishes verification records in. */
let byline: TestAccount;
let appPassword: string;
beforeAll(async () => {
  network = await startBlueskyNetwork();
  byline = await network.createAccount('byline');
  appPassword = await network.createAppPassword(byline, 'byline-worker');
});
afterAll(() => network?.close());

describe.each(portalStoreFactories())('proofs: Bluesky accounts ($name store)', (factory: StoreFactory) => {
  const portal = portalForEachTest(factory, () => ({ publicUrls: PUBLIC_URLS, bluesky: network.sources }));

  const journalistClaiming = (bluesky: string) => journalistClaimingBluesky(portal, bluesky);

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

  it('answers 404 to a check of another person’s claim, or of none, and reads nothing for it', async () => {
    const account = await network.createAccount('owned');
    await network.putProfile(account, { website: `${PORTAL_URL}/j/anyone` });
    const owner = await journalistClaiming(account.handle);
    const claimId = (await owner.claims())[0]!.id;
    // Another journalist, with a profile and a Bluesky claim of their own.
    const { agent: other } = await journalistClaiming((await network.createAccount('neighbour')).handle);
    const csrf = csrfFrom((await other.get('/profile')).text);
    for (const id of [claimId, 999_999]) {
      const res = await other.post(`/profile/proofs/bluesky/${id}/check`).type('form').send({ _csrf: csrf });
      expect(res.status).toBe(404);
    }
    expect((await owner.claims())[0]).toMatchObject({ state: 'claimed', evidence: [] });
  });

  /** A verified journalist (X proven, an editor's decision) whose Bluesky account is proven by its profile record. */
  async function verifiedWithBluesky(name: string) {
    const desk = await editor(portal);
    const account = await network.createAccount(name);
    const { agent, email } = await signedUp(portal.app);
    const form = profileForm({ ...ONLY_X, bluesky: account.handle });
    expect((await submit(agent, '/profile', '/profile', form)).status).toBe(303);
    const profileId = (await portal.repositories.users.findByEmail(email))!.profileId!;
    const slug = (await portal.repositories.profiles.findById(profileId))!.profile_slug;
    await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
    await submit(agent, '/profile', '/profile/verification-request', {});
    const path = reviewPath(profileId);
    const decided = await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Checked the account' });
    expect(decided.status).toBe(303);
    const claimId = (await portal.claims.claimsOf(profileId)).find((claim) => claim.kind === 'bluesky')!.id;
    return { account, agent, email, form, profileId, slug, claimId };
  }

  async function lookUp(username: string, type = 'bluesky') {
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    return verifiers(portal.store).verifyJournalist(token, username, type);
  }

  it('answers verify_journalist by handle, @handle or DID once the account is proven, leaving the X answer as it was', async () => {
    const { account, agent, form, slug, claimId } = await verifiedWithBluesky('fionn');
    const before = await answerFor(portal, form.twitter);
    expect(before).toMatchObject({ verified: true });
    // Claimed only: the account answers for nobody.
    expect((await lookUp(account.handle)).body).toMatchObject({ verified: false });

    await network.putProfile(account, { website: `${PORTAL_URL}/j/${slug}` });
    await checkNow(agent, claimId);
    expect(await answerFor(portal, form.twitter)).toEqual(before);
    for (const written of [account.handle, `@${account.handle.toUpperCase()}`, account.did]) {
      const res = await lookUp(written);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...before, profile_social_profiles: { bluesky: account.handle } });
      expect(res.headers.etag).toMatch(/^"/);
    }
    expect((await lookUp('someone-else.test')).body).toMatchObject({ verified: false });
    expect((await lookUp('did:plc:aaaaaaaaaaaaaaaaaaaaaaaa')).body).toMatchObject({ verified: false });
  });

  it('answers the batch lookup item by item, Bluesky beside X', async () => {
    const { account, agent, form, slug, claimId } = await verifiedWithBluesky('saoirse');
    await network.putProfile(account, { website: `${PORTAL_URL}/j/${slug}` });
    await checkNow(agent, claimId);
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const single = await lookUp(account.did);
    const res = await verifiers(portal.store).verifyJournalists(token, [
      { social_username: account.did, social_type: 'bluesky' },
      { social_username: form.twitter, social_type: 'twitter' },
      { social_username: 'nobody-at-all.test', social_type: 'bluesky' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((item: { result: unknown }) => item.result)).toEqual([
      single.body,
      await answerFor(portal, form.twitter),
      expect.objectContaining({ verified: false }),
    ]);
    const bad = await verifiers(portal.store).verifyJournalists(token, [
      { social_username: 'not a handle', social_type: 'bluesky' },
    ]);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain('journalists[0].social_username');
  });

  it('refuses a malformed handle or DID with 422 naming social_username', async () => {
    for (const value of ['not a handle', 'did:key:z6Mk', 'https://bsky.app/']) {
      const res = await lookUp(value);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'social_username' })]);
    }
  });

  const POLICY = BLUESKY_RECHECK_POLICY;
  const recheckAt = (now: Date) => recheckBlueskyAt(portal, network, PORTAL_URL, now);

  /** The journalist.handle_changed events queued so far (relayed from the outbox as the worker's fan-out takes them). */
  async function handleChanges() {
    await relayStoreOutbox(portal.store.database);
    const items = await portal.repositories.queue.takeDue({
      topic: WEBHOOK_EVENT_TOPIC,
      now: new Date(Date.now() + 60 * 24 * 3_600_000),
      holder: 'events',
      leaseMs: 1,
      limit: 100,
      evenIfNotDue: true,
    });
    return items
      .map((item) => (item.payload as unknown as WebhookEvent).payload)
      .filter((payload) => payload.type === 'journalist.handle_changed');
  }

  async function provenAndVerified(name: string) {
    const journalist = await verifiedWithBluesky(name);
    await network.putProfile(journalist.account, { website: `${PORTAL_URL}/j/${journalist.slug}` });
    await checkNow(journalist.agent, journalist.claimId);
    return journalist;
  }

  it('keeps a proof whose link holds on re-check, checked by DID', async () => {
    const { account, claimId, profileId } = await provenAndVerified('roisin');
    const summary = await recheckAt(new Date(Date.now() + 25 * 3600_000));
    expect(summary).toMatchObject({ checked: 1, held: 1, failing: 0 });
    const claim = (await portal.claims.claimsOf(profileId)).find((c) => c.id === claimId)!;
    expect(claim).toMatchObject({ state: 'proven', value: account.handle });
  });

  it('shows the new handle of an account that changed it: the old one stops answering, the new one answers, subscribers are told', async () => {
    const { account, claimId, profileId, slug } = await provenAndVerified('cathal');
    const old = account.handle;
    const tagBefore = (await lookUp(account.did)).headers.etag;
    expect((await lookUp(account.did)).headers.etag).toBe(tagBefore);
    await handleChanges();
    const renamed = `renamed${++renames}.test`;
    await network.updateHandle(account, renamed);
    await recheckAt(new Date(Date.now() + 25 * 3600_000));
    const claim = (await portal.claims.claimsOf(profileId)).find((c) => c.id === claimId)!;
    expect(claim).toMatchObject({ state: 'proven', key: account.did, value: renamed });
    expect((await lookUp(old)).body).toMatchObject({ verified: false });
    expect((await lookUp(renamed)).body).toMatchObject({ verified: true, profile_social_profiles: { bluesky: renamed } });
    const byDid = await lookUp(account.did);
    expect(byDid.body).toMatchObject({ verified: true, profile_social_profiles: { bluesky: renamed } });
    // The answer shows another handle: a cache holding the old one must not be told it is unchanged.
    expect(byDid.headers.etag).not.toBe(tagBefore);
    expect(await handleChanges()).toEqual([
      expect.objectContaining({ data: { slug, network: 'bluesky', handle: renamed, previous: old } }),
    ]);
    const history = await repositoriesOf(portal.store).audit.historyOf(profileId);
    expect(history).toContainEqual(
      expect.objectContaining({ action: 'handle-renamed', actor: 'byline:re-check', note: `bluesky ${old} is now ${renamed}` }),
    );
  });

  /** One run of the worker's Bluesky publisher, on Byline's account on the test PDS. */
  const publishRecords = () =>
    publishingOn(network, portal.repositories.blueskyVerifications, {
      identifier: byline.handle,
      appPassword,
      pdsUrl: network.pds,
    }).run(new Date(), async () => true);
  const recordsOf = async (did: string) =>
    (await network.listRecords(byline.did, VERIFICATION_COLLECTION)).filter((record) => record.value.subject === did);

  it('shows "Verified on Bluesky by Byline" with the record’s address once published, and re-issues it after a handle change or an approved name change', async () => {
    const { account, agent, form, profileId, slug } = await provenAndVerified('eimear');
    await network.putProfile(account, { displayName: 'Eimear', website: `${PORTAL_URL}/j/${slug}` });
    // Noted by the verification's write; nothing shown before the worker published it.
    expect((await agent.get('/profile')).text).not.toContain('Verified on Bluesky by Byline');
    expect(await publishRecords()).toMatchObject({ published: 1 });
    const [record] = await recordsOf(account.did);
    expect(record!.value).toMatchObject({ subject: account.did, handle: account.handle, displayName: 'Eimear' });
    for (const page of [(await agent.get('/profile')).text, (await agent.get(`/j/${slug}`)).text]) {
      expect(page).toContain('Verified on Bluesky by Byline');
      expect(page).toContain(record!.uri);
    }

    // The handle changes; the re-check shows it, and its re-render notes that the record must name the new one.
    const renamed = `renamed${++renames}.test`;
    await network.updateHandle(account, renamed);
    await recheckAt(new Date(Date.now() + 25 * 3600_000));
    expect(await publishRecords()).toMatchObject({ published: 1 });
    const reissued = await recordsOf(account.did);
    expect(reissued).toEqual([expect.objectContaining({ value: expect.objectContaining({ handle: renamed }) })]);
    expect(reissued[0]!.uri).not.toBe(record!.uri);
    expect((await agent.get(`/j/${slug}`)).text).toContain(reissued[0]!.uri);

    // An approved change of the journalist's name: Byline vouches for another name, and issues the record again.
    const desk = await editor(portal);
    const named = { ...form, bluesky: renamed, profile_first_name: 'Eimear Áine' };
    expect((await submit(agent, '/profile', '/profile', named)).status).toBe(303);
    expect((await decideIdentityChange(portal, desk, profileId, { decision: 'approve' })).status).toBe(303);
    expect(await publishRecords()).toMatchObject({ published: 1 });
    const afterName = await recordsOf(account.did);
    expect(afterName).toHaveLength(1);
    expect(afterName[0]!.uri).not.toBe(reissued[0]!.uri);

    // Unverified: the line goes at once, the record with the worker's next run.
    const path = reviewPath(profileId);
    const withdrawn = await submit(desk.agent, path, `${path}/decision`, {
      decision: 'unverify',
      note: 'Left journalism',
      confirm_withdraw: 'on',
    });
    expect(withdrawn.status).toBe(303);
    expect((await agent.get('/profile')).text).not.toContain('Verified on Bluesky by Byline');
    expect(await publishRecords()).toMatchObject({ deleted: 1 });
    expect(await recordsOf(account.did)).toEqual([]);
  });

  it('keeps Byline’s record while a failing proof is in its grace period, and deletes it once the proof lapses', async () => {
    const { account, profileId, slug } = await provenAndVerified('lorcan');
    await network.putProfile(account, { displayName: 'Lorcan', website: `${PORTAL_URL}/j/${slug}` });
    expect(await publishRecords()).toMatchObject({ published: 1 });
    // The profile stops linking the public page.
    await network.putProfile(account, { displayName: 'Lorcan' });
    const first = new Date(Date.now() + 25 * 3600_000);
    expect(await recheckAt(first)).toMatchObject({ checked: 1, failing: 1 });
    expect(await publishRecords()).toMatchObject({ published: 0, deleted: 0 });
    expect(await recordsOf(account.did)).toHaveLength(1);
    await recheckAt(new Date(first.getTime() + POLICY.graceMs + 3600_000));
    expect((await portal.claims.claimsOf(profileId)).find((claim) => claim.kind === 'bluesky')!.state).toBe('lapsed');
    expect(await publishRecords()).toMatchObject({ deleted: 1 });
    expect(await recordsOf(account.did)).toEqual([]);
  });

  it('deletes Byline’s record once the journalist deletes their account', async () => {
    const { account, agent, email, slug } = await provenAndVerified('blathnaid');
    await network.putProfile(account, { displayName: 'Bláthnaid', website: `${PORTAL_URL}/j/${slug}` });
    expect(await publishRecords()).toMatchObject({ published: 1 });
    expect((await submit(agent, '/account/delete', '/account/delete', { email })).status).toBe(303);
    expect(await publishRecords()).toMatchObject({ deleted: 1 });
    expect(await recordsOf(account.did)).toEqual([]);
  });

  it('proves an account whose domain handle is the host of a website proven on the profile, while the handle stays', async () => {
    const account = await network.createAccount('ownsite');
    const { agent, profileId, claims } = await journalistClaiming(account.handle);
    const claimId = (await claims())[0]!.id;
    // Its profile record links nothing, and no website is proven yet.
    expect(await checkNow(agent, claimId)).toContain(`Your Bluesky account @${account.handle} is not proven yet`);
    await proveClaim(portal.claims, profileId, 'website', `https://www.${account.handle}/`);
    expect(await checkNow(agent, claimId)).toContain(
      `Your Bluesky account @${account.handle} is proven: its handle is the domain of a website you proved.`,
    );
    const [claim] = await claims();
    expect(claim).toMatchObject({ state: 'proven', key: account.did, value: account.handle });
    expect(claim!.evidence).toEqual([
      expect.objectContaining({ method: 'domain-handle', provenValue: account.handle, subject: account.did }),
    ]);
    expect(toVerifiedIdentity(claim!, claim!.evidence[0]!)).toMatchObject({
      type: 'cawg.social_media',
      method: 'byline_domain_handle',
    });
    // Re-checked by DID: it holds while the handle is the site's domain, and fails once the account takes another.
    expect(await recheckAt(new Date(Date.now() + 25 * 3600_000))).toMatchObject({ checked: 1, held: 1 });
    await network.updateHandle(account, `moved${++renames}.test`);
    expect(await recheckAt(new Date(Date.now() + 50 * 3600_000))).toMatchObject({ checked: 1, failing: 1 });
  });

  it('lapses a proof whose handle now names another account: the old owner never answers for it', async () => {
    const { account, claimId, profileId, form } = await provenAndVerified('darragh');
    const other = await network.createAccount('usurper');
    // The handle's owner points it at another account; the first account's document still names it.
    network.pointHandle(account.handle, other.did);
    const first = new Date(Date.now() + 25 * 3600_000);
    expect(await recheckAt(first)).toMatchObject({ checked: 1, failing: 1 });
    let claim = (await portal.claims.claimsOf(profileId)).find((c) => c.id === claimId)!;
    // Shown by its DID at once: the handle answers for nobody, the DID still does while the proof fails.
    expect(claim).toMatchObject({ state: 'proven', value: account.did });
    expect((await lookUp(account.handle)).body).toMatchObject({ verified: false });
    expect((await lookUp(account.did)).body).toMatchObject({ verified: true, profile_social_profiles: { bluesky: account.did } });
    // Past the grace period the proof lapses: the account answers for nobody, the X handle still does.
    await recheckAt(new Date(first.getTime() + POLICY.graceMs + 3600_000));
    claim = (await portal.claims.claimsOf(profileId)).find((c) => c.id === claimId)!;
    expect(claim.state).toBe('lapsed');
    expect(claim.evidence[0]!.endedReason).toContain('no handle names the Bluesky account');
    expect((await lookUp(account.did)).body).toMatchObject({ verified: false });
    expect(await answerFor(portal, form.twitter)).toMatchObject({ verified: true });
  });
});
