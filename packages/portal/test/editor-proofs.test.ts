import { relMeEvidence } from '@byline/editorial/proofs/rel-me-check';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import { bearer, signedInAs } from '@byline/test-support';
import { pageServer, portalForEachTest, portalStoreFactories, profileForm, signedUp, submit } from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { verifiers } from './support/verifiers';
import { recheckAt } from './support/rechecks';
import { approvedByEditor } from './support/editors';
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt } from 'jose';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import type { JournalistCredential } from '@byline/domain/credentials/journalist-credential';

const POLICY = { intervalMs: 24 * 3600_000, graceMs: 3 * 24 * 3600_000, retryMs: 3600_000 };

describe.each(portalStoreFactories())('editors decide on evidence ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  /** A journalist whose profile claims handles (unproven, as typed in the form), with a pending request. */
  async function journalist(overrides: Record<string, string> = {}) {
    const session = await signedUp(portal.app);
    const form = profileForm(overrides);
    expect((await submit(session.agent, '/profile', '/profile', form)).status).toBe(303);
    await submit(session.agent, '/profile', '/profile/verification-request', {});
    const user = await portal.repositories.users.findByEmail(session.email);
    return { ...session, form, profileId: user!.profileId! };
  }

  async function editor() {
    const { email, agent, password } = await signedUp(portal.app);
    await createEditor(portal.repositories.users, email);
    await submit(agent, '/signin', '/signin', { email, password });
    return { agent, email };
  }

  const review = (id: number) => `/editor/profiles/${id}`;
  const twitterClaim = async (profileId: number) =>
    (await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'twitter' && c.releasedAt === null)!;
  const answers = async (handle: string) => {
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    return (await verifiers(portal.store).verifyJournalist(token, handle)).body as Record<string, unknown>;
  };

  it('shows every claim with its state, and attests one with a note: proven, recorded and audited', async () => {
    const aoife = await journalist();
    const desk = await editor();
    const page = await desk.agent.get(review(aoife.profileId));
    expect(page.status).toBe(200);
    expect(page.text).toContain(aoife.form.twitter);
    expect(page.text).toMatch(/Claimed, not proven/);
    const claim = await twitterClaim(aoife.profileId);
    expect(page.text).toContain(`action="/editor/profiles/${aoife.profileId}/claims/${claim.id}/attest"`);

    const attested = await submit(desk.agent, review(aoife.profileId), `${review(aoife.profileId)}/claims/${claim.id}/attest`, {
      note: 'Video call with her; she showed the account signed in',
    });
    expect(attested.status).toBe(303);
    const after = await desk.agent.get(attested.headers.location!);
    expect(after.text).toContain(`X ${aoife.form.twitter} is now proven by your attestation.`);

    const proven = await twitterClaim(aoife.profileId);
    expect(proven.state).toBe('proven');
    expect(proven.evidence).toEqual([
      expect.objectContaining({
        method: 'editor-attestation',
        provider: { id: 'urn:byline:editor-attestation', name: 'Byline editor' },
        provenValue: aoife.form.twitter,
        by: `editor:${desk.email}`,
        note: 'Video call with her; she showed the account signed in',
      }),
    ]);
    expect((await portal.repositories.audit.historyOf(aoife.profileId))[0]).toMatchObject({
      action: 'proof-attested',
      actor: desk.email,
      note: expect.stringContaining('Video call with her; she showed the account signed in'),
    });
    // The evidence is on the page for the next editor: method, provider, who and why.
    expect(after.text).toContain('Editor attestation');
    expect(after.text).toContain('Byline editor');
    expect(after.text).toContain(`editor:${desk.email}`);
    expect(after.text).toContain('Proof attested by an editor');
    // Proven is not verified: the handle answers once an editor approves.
    expect(await answers(aoife.form.twitter)).toMatchObject({ verified: false });
    const approved = await submit(desk.agent, review(aoife.profileId), `${review(aoife.profileId)}/decision`, {
      decision: 'verify',
      note: 'Handle attested above',
    });
    expect(approved.status).toBe(303);
    expect(await answers(aoife.form.twitter)).toMatchObject({ verified: true, slug: expect.any(String) });
  });

  it('refuses an attestation without a note (422, naming the note), and records nothing', async () => {
    const aoife = await journalist();
    const desk = await editor();
    const claim = await twitterClaim(aoife.profileId);
    const res = await submit(desk.agent, review(aoife.profileId), `${review(aoife.profileId)}/claims/${claim.id}/attest`, {
      note: '   ',
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain('The note is required');
    expect(res.text).toMatch(new RegExp(`id="attest-${claim.id}-note"[^>]*aria-invalid="true"`));
    expect((await twitterClaim(aoife.profileId)).state).toBe('claimed');
    expect((await portal.repositories.audit.historyOf(aoife.profileId)).map((a) => a.action)).toEqual(['requested']);
  });

  it('moves a handle another profile holds proven to the claimant, audited on both, and the lookup follows', async () => {
    const handle = `@Contest${Date.now().toString(36).slice(-6)}`;
    const claimant = await journalist({ twitter: handle });
    const holderSession = await signedUp(portal.app);
    await submit(holderSession.agent, '/profile', '/profile', profileForm({ profile_first_name: 'Holder' }));
    const holderId = (await portal.repositories.users.findByEmail(holderSession.email))!.profileId!;
    const proven = await recordProof(portal.claims, {
      profileId: holderId,
      kind: 'twitter',
      value: handle,
      evidence: signedInAs(handle),
    });
    expect(proven).toMatchObject({ ok: true, released: [{ profileId: claimant.profileId }] });
    await approvedByEditor(portal, holderId);
    expect(await answers(handle)).toMatchObject({ verified: true });

    const desk = await editor();
    const page = await desk.agent.get(review(claimant.profileId));
    expect(page.text).toContain('Released on');
    expect(page.text).toContain(`X ${handle} is proven on another profile`);
    expect(page.text).toContain(`action="/editor/profiles/${claimant.profileId}/move"`);

    const path = review(claimant.profileId);
    const noNote = await submit(desk.agent, path, `${path}/move`, { network: 'twitter', handle, note: '' });
    expect(noNote.status).toBe(422);
    expect(noNote.text).toContain('The note is required');

    const moved = await submit(desk.agent, path, `${path}/move`, {
      network: 'twitter',
      handle,
      note: 'The holder squatted it; the owner showed us the account',
    });
    expect(moved.status).toBe(303);
    expect((await desk.agent.get(moved.headers.location!)).text).toContain(`X ${handle} moved to this profile.`);

    expect(await twitterClaim(claimant.profileId)).toMatchObject({
      state: 'proven',
      evidence: [expect.objectContaining({ method: 'editor-attestation', by: `editor:${desk.email}` })],
    });
    // The holder's own typed handle was replaced by the proof earlier; the moved one is released by the move.
    const holderTwitter = (await portal.claims.claimsOf(holderId)).filter((c) => c.kind === 'twitter');
    expect(holderTwitter.filter((c) => c.releasedAt === null)).toEqual([]);
    const released = holderTwitter.find((c) => c.value === handle);
    expect(released?.releasedReason).toContain(`Moved to another profile by an editor (${desk.email})`);
    expect(released?.releasedReason).toContain('The holder squatted it; the owner showed us the account');
    for (const id of [claimant.profileId, holderId]) {
      expect((await portal.repositories.audit.historyOf(id))[0]).toMatchObject({ action: 'handle-moved', actor: desk.email });
    }
    // The holder is verified but no longer answers for the handle; the claimant answers once approved.
    expect(await answers(handle)).toMatchObject({ verified: false });
    await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Handle moved here' });
    const claimantProfile = await portal.repositories.profiles.findById(claimant.profileId);
    expect(await answers(handle)).toMatchObject({ verified: true, slug: claimantProfile!.profile_slug });
  });

  it('refuses to move a handle nobody holds proven', async () => {
    const claimant = await journalist();
    const desk = await editor();
    const path = review(claimant.profileId);
    const res = await submit(desk.agent, path, `${path}/move`, { network: 'twitter', handle: '@NobodyHolds1', note: 'why not' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('No profile holds X @NobodyHolds1 proven');
  });

  it('refuses to approve a profile without a proven handle or site (422), and says why', async () => {
    const aoife = await journalist();
    const desk = await editor();
    const path = review(aoife.profileId);
    const page = await desk.agent.get(path);
    expect(page.text).toContain('No handle or site of this profile is proven yet');
    const res = await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Looks right' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Not approved: no handle or site of this profile is proven.');
    expect((await portal.repositories.profiles.findById(aoife.profileId))!.verified).toBe(false);
    expect((await portal.repositories.audit.historyOf(aoife.profileId)).map((a) => a.action)).toEqual(['requested']);
    expect(await portal.repositories.verification.pendingOf(aoife.profileId)).not.toBeNull();
  });

  it('approves without proof only with the override ticked and a note, and the audit says it was an override', async () => {
    const aoife = await journalist();
    const desk = await editor();
    const path = review(aoife.profileId);
    const noNote = await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', override: 'on', note: '' });
    expect(noNote.status).toBe(422);
    expect(noNote.text).toContain('With “Approve without proof”, the note is required');
    expect((await portal.repositories.profiles.findById(aoife.profileId))!.verified).toBe(false);

    const res = await submit(desk.agent, path, `${path}/decision`, {
      decision: 'verify',
      override: 'on',
      note: 'Staff reporter known to the desk; no network account',
    });
    expect(res.status).toBe(303);
    expect((await portal.repositories.profiles.findById(aoife.profileId))!.verified).toBe(true);
    expect((await portal.repositories.audit.historyOf(aoife.profileId))[0]).toMatchObject({
      action: 'verified',
      actor: desk.email,
      note: 'Approved without proof (override): Staff reporter known to the desk; no network account',
    });
    // Verified, but no handle is proven: the typed handle still answers nothing.
    expect(await answers(aoife.form.twitter)).toMatchObject({ verified: false });
  });

  it('approves a profile with a proven handle; the queue showed its proof in brief', async () => {
    const aoife = await journalist();
    await proveClaim(portal.claims, aoife.profileId, 'twitter', aoife.form.twitter);
    const desk = await editor();
    const queue = await desk.agent.get('/editor/queue');
    expect(queue.text).toContain(`X ${aoife.form.twitter} proven (signed in)`);
    expect(queue.text).toContain('LinkedIn');
    expect(queue.text).toContain(`Asked by ${aoife.email}`);
    const path = review(aoife.profileId);
    const res = await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: '' });
    expect(res.status).toBe(303);
    expect((await portal.repositories.audit.historyOf(aoife.profileId))[0]).toMatchObject({ action: 'verified', note: '' });
    expect(await answers(aoife.form.twitter)).toMatchObject({ verified: true });
  });

  describe('a lapse of a verified profile’s site proof (the worker’s re-check)', () => {
    let pages: Awaited<ReturnType<typeof pageServer>>;
    beforeEach(async () => {
      pages = await pageServer((_request, response) => response.writeHead(404).end());
    });
    afterEach(() => pages.close());

    /** A verified journalist named `name` whose site is proven by rel="me"; the site's page is gone. */
    async function verifiedWithSite(name: string) {
      const session = await signedUp(portal.app);
      const form = profileForm({ profile_first_name: name });
      await submit(session.agent, '/profile', '/profile', form);
      const profileId = (await portal.repositories.users.findByEmail(session.email))!.profileId!;
      const site = pages.url(`/${name}`);
      await setClaims(portal.claims, profileId, { website: [site] });
      await recordProof(portal.claims, {
        profileId,
        kind: 'website',
        value: site,
        evidence: relMeEvidence(site, new Date(Date.now() + 60_000)),
      });
      return { profileId, form };
    }

    /** Re-checks fail from two minutes on; the proofs lapse once the grace period is over. Returns the first failure. */
    async function lapse() {
      const first = new Date(Date.now() + 120_000);
      for (const now of [first, new Date(first.getTime() + POLICY.graceMs)]) {
        await recheckAt(portal, { now, portalUrl: 'https://byline.example', policy: POLICY });
      }
      return first;
    }

    it('puts a profile whose only proof lapsed back in the queue, unverified, saying why', async () => {
      const { profileId } = await verifiedWithSite('Lapsing');
      await approvedByEditor(portal, profileId);
      const desk = await editor();
      // 'Lapsing' is the journalist's name: the verified profile is not in the queue while its proof holds.
      expect((await desk.agent.get('/editor/queue')).text).not.toContain('Lapsing');

      const first = await lapse();
      expect((await portal.repositories.profiles.findById(profileId))!.verified).toBe(false);
      const queue = (await desk.agent.get('/editor/queue')).text;
      expect(queue).toContain('Lapsing');
      expect(queue).toContain('Verified, but left without a live proof');
      expect(queue).toMatch(/Website 127\.0\.0\.1:\d+ lapsed/);
      const page = (await desk.agent.get(review(profileId))).text.replace(/\s+/g, ' ');
      expect(page).toContain('a move, a release or a lapse left it without a live proof, so it is no longer verified');
      expect(page).toContain('Lapsed: its proof stopped holding');
      expect(page).toContain(`Failing since ${first.toISOString().slice(0, 10)}`);
      expect(page).toContain('the page answered HTTP 404');
      expect(page).toContain('A proof stopped holding');
      expect(page).toContain('Back in the queue: no live proof left');
    });

    it('revokes the credential that claimed the lapsed site, and issues one of the proofs that still hold', async () => {
      const { profileId, form } = await verifiedWithSite('Credentialed');
      await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
      await approvedByEditor(portal, profileId);
      const issuer = credentialIssuerOf({
        publicPortalUrl: 'https://byline.example',
        storeKind: portal.store.kind,
        signingKey: generateKeyPairSync('ed25519').privateKey,
      });
      const { credentials, statusEntries } = portal.repositories.journalistCredentials;
      const issuance = new CredentialIssuance(portal.repositories.journalistCredentials, issuer, 'https://byline.example');
      const identitiesOf = (jwt: string) =>
        (decodeJwt(jwt) as unknown as JournalistCredential).credentialSubject.verifiedIdentities.map((i) => i.type);
      expect(await issuance.run(new Date())).toMatchObject({ issued: 1 });
      const before = (await credentials.first({ profileId }))!;
      expect(identitiesOf(before.jwt!).sort()).toEqual(['cawg.social_media', 'cawg.web_site']);

      await lapse();
      expect(await issuance.run(new Date())).toMatchObject({ issued: 1, revoked: 1 });
      expect((await statusEntries.first({ id: before.statusEntry! }))!.revokedAt).not.toBeNull();
      const after = (await credentials.first({ profileId }))!;
      expect(identitiesOf(after.jwt!)).toEqual(['cawg.social_media']);
      expect(after.statusEntry).not.toBe(before.statusEntry);
    });

    it('keeps verified a profile whose proven handle still holds, and asks an editor to look', async () => {
      const { profileId, form } = await verifiedWithSite('Halfproven');
      await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
      await approvedByEditor(portal, profileId);
      const desk = await editor();

      await lapse();
      expect((await portal.repositories.profiles.findById(profileId))!.verified).toBe(true);
      expect(await answers(form.twitter)).toMatchObject({ verified: true });
      const queue = (await desk.agent.get('/editor/queue')).text;
      expect(queue).toContain('Halfproven');
      expect(queue).toContain('A proof lapsed (Byline’s re-check)');
      const page = (await desk.agent.get(review(profileId))).text.replace(/\s+/g, ' ');
      expect(page).toContain('Another live proof still holds, so it is still verified: decide whether it stays so.');
      expect(page).not.toContain('Back in the queue: no live proof left');
    });
  });
});
