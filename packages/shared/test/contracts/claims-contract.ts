import { freshRepositoriesPerTest, profileFields, signedInAs, type StoreFactory } from '@byline/test-support';
import { liveEvidence } from '@byline/domain/proofs/claims';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';
import { HandleTakenError } from '@byline/domain/profiles/profiles-repository';
import type { ClaimsRepository, ClaimsUnitOfWrite } from '@byline/domain/claims/claims-repository';
import { moveProvenClaim, moveProvenClaimSteps } from '@byline/domain/claims/move-proven-claim';
import { recordProof, recordProofs, recordProofSteps } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';
import type { Steps } from '@byline/domain/store/steps';

/** The unit, interrupted at its `n`th step (a crash, an outage): what a rule leaves behind when it stops there. */
function cutAt(unit: ClaimsUnitOfWrite, n: number): { unit: ClaimsUnitOfWrite; reached: () => boolean } {
  let calls = 0;
  const cut = new Proxy(unit, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (++calls === n) throw new Error('interrupted');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { unit: cut, reached: () => calls >= n };
}

/** Runs a rule, interrupted at its `n`th step: whether it finished before that step, and whether it got there. */
async function runCutAt(claims: ClaimsRepository, n: number, rule: (unit: ClaimsUnitOfWrite) => Steps<unknown>) {
  let cut: ReturnType<typeof cutAt> | undefined;
  const done = await claims
    .inOneWrite((unit) => rule((cut = cutAt(unit, n)).unit))
    .then(() => true)
    .catch((error: Error) => {
      if (error.message !== 'interrupted') throw error;
      return false;
    });
  return { done, reached: cut!.reached() };
}

let made = 0;
const claimingTwitter = (twitter: string): ProfileFields =>
  profileFields({
    profile_last_name: `Claims${++made}`,
    profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
  });

/**
 * The claims rules (src/claims) over the ClaimsRepository port, for stores made by `factory`. Run on every database
 * by packages/shared/test/contracts/claims.test.ts.
 */
export function claimsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const store = () => repositories().store;
  let claims: ClaimsRepository;
  beforeEach(() => {
    claims = repositories().claims;
  });

  /** A journalist's profile claiming this X handle, verified by an editor when asked. */
  async function portalProfile(twitter: string, { verified = false } = {}) {
    const { users, profiles, verification } = repositories();
    const user = await users.create(
      {
        email: `claims${++made}-${Date.now()}@example.org`,
        passwordHash: 'x',
        role: 'journalist',
      },
      new Date(),
    );
    const profile = await profiles.save(user.id, claimingTwitter(twitter), `claims-${made}`);
    if (verified) await verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    return Object.assign(profile, { userId: user.id });
  }

  /** The lookup as the journalist verifier makes it, in a later event-loop turn (see TurnSnapshot). */
  const answers = async (handle: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return store().journalistAnswer('twitter', handle.toLowerCase().replace(/^@/, ''));
  };

  it('a typed handle is only a claim: a verified profile does not answer for it until it is proven', async () => {
    const profile = await portalProfile('@AoifeClaims', { verified: true });
    expect((await claims.claimsOf(profile.id)).map((c) => [c.kind, c.value, c.state])).toEqual([
      ['twitter', '@AoifeClaims', 'claimed'],
    ]);
    expect(await answers('AoifeClaims')).toBeNull();
    expect((await repositories().profiles.findById(profile.id))!.profile_social_profiles.twitter).toBe('');

    const proven = await recordProof(claims, {
      profileId: profile.id,
      kind: 'twitter',
      value: 'AoifeClaims',
      evidence: signedInAs('AoifeClaims'),
    });
    expect(proven).toMatchObject({ ok: true, claim: { state: 'proven', value: 'AoifeClaims' }, released: [] });
    expect(await answers('AoifeClaims')).toContain('"twitter":"AoifeClaims"');
  });

  it('an unproven claim blocks nobody; proving it releases the squatter, who never answers', async () => {
    const squatter = await portalProfile('RealReporter', { verified: true });
    const owner = await portalProfile('RealReporter', { verified: true });
    expect((await claims.claimsOfKey('twitter', 'realreporter')).map((c) => c.profileId).sort()).toEqual(
      [squatter.id, owner.id].sort(),
    );

    const result = await recordProof(claims, {
      profileId: owner.id,
      kind: 'twitter',
      value: 'RealReporter',
      evidence: signedInAs('RealReporter'),
    });
    expect(result).toMatchObject({ ok: true, released: [{ profileId: squatter.id }] });
    const [released] = await claims.claimsOf(squatter.id);
    expect(released).toMatchObject({ state: 'claimed', releasedReason: expect.stringContaining('another profile proved it') });
    expect(released!.releasedAt).not.toBeNull();
    expect(JSON.parse((await answers('RealReporter'))!)).toMatchObject({ slug: owner.profile_slug });

    // Once proven, nobody else may claim it, and a proof by another profile is refused.
    await expect(repositories().profiles.save(squatter.userId, claimingTwitter('realreporter'), 'x')).rejects.toBeInstanceOf(
      HandleTakenError,
    );
    await expect(
      recordProof(claims, {
        profileId: squatter.id,
        kind: 'twitter',
        value: 'RealReporter',
        evidence: signedInAs('RealReporter'),
      }),
    ).resolves.toEqual({ ok: false, reason: 'held-by-another', holderProfileId: owner.id });
  });

  it('several proofs in one write: each recorded as recordProof records it, a refused one refused alone', async () => {
    const first = await portalProfile('@BatchFirst', { verified: true });
    const second = await portalProfile('@BatchSecond', { verified: true });
    const results = await recordProofs(claims, [
      { profileId: first.id, kind: 'twitter', value: '@BatchFirst', evidence: signedInAs('BatchFirst') },
      { profileId: second.id, kind: 'twitter', value: 'BatchSecond', evidence: signedInAs('BatchSecond') },
      // The first's handle, already proven by the first in this same write.
      { profileId: second.id, kind: 'twitter', value: 'BatchFirst', evidence: signedInAs('BatchFirst') },
    ]);
    expect(results).toEqual([
      expect.objectContaining({ ok: true, claim: expect.objectContaining({ state: 'proven', value: 'BatchFirst' }) }),
      expect.objectContaining({ ok: true, claim: expect.objectContaining({ state: 'proven', value: 'BatchSecond' }) }),
      { ok: false, reason: 'held-by-another', holderProfileId: first.id },
    ]);
    expect(JSON.parse((await answers('BatchFirst'))!)).toMatchObject({ slug: first.profile_slug });
    expect(JSON.parse((await answers('BatchSecond'))!)).toMatchObject({ slug: second.profile_slug });
  });

  it('the provider’s username wins over the typed one', async () => {
    const profile = await portalProfile('TypedName', { verified: true });
    const result = await recordProof(claims, {
      profileId: profile.id,
      kind: 'twitter',
      value: 'SignedInName',
      evidence: signedInAs('SignedInName'),
    });
    expect(result).toMatchObject({ ok: true, claim: { value: 'SignedInName', state: 'proven' } });
    const list = await claims.claimsOf(profile.id);
    expect(list.map((c) => [c.value, c.state, c.releasedAt === null])).toEqual([
      ['SignedInName', 'proven', true],
      ['TypedName', 'claimed', false],
    ]);
    expect(await answers('TypedName')).toBeNull();
    expect(await answers('SignedInName')).not.toBeNull();
  });

  it('removing a proven handle from the form ends its claim and its proof', async () => {
    const profile = await portalProfile('Leaving', { verified: true });
    await recordProof(claims, { profileId: profile.id, kind: 'twitter', value: 'Leaving', evidence: signedInAs('Leaving') });
    await setClaims(claims, profile.id, { twitter: [] });
    const [claim] = await claims.claimsOf(profile.id);
    expect(claim!.releasedAt).not.toBeNull();
    expect(claim!.evidence[0]!.endedAt).not.toBeNull();
    expect(await answers('Leaving')).toBeNull();
  });

  it('an editor moves a proven handle, audited on both profiles', async () => {
    const holder = await portalProfile('Contested', { verified: true });
    const rightful = await portalProfile('', { verified: true });
    await recordProof(claims, { profileId: holder.id, kind: 'twitter', value: 'Contested', evidence: signedInAs('Contested') });
    const moved = await moveProvenClaim(claims, {
      type: 'twitter',
      key: 'contested',
      toProfileId: rightful.id,
      editor: 'ed@example.org',
      note: 'ID checked',
    });
    expect(moved).toMatchObject({ ok: true, claim: { profileId: rightful.id, state: 'proven' } });
    expect((await claims.claimsOf(rightful.id))[0]!.evidence[0]).toMatchObject({
      method: 'editor-attestation',
      by: 'editor:ed@example.org',
      note: 'ID checked',
    });
    expect(JSON.parse((await answers('Contested'))!)).toMatchObject({ slug: rightful.profile_slug });
    for (const id of [holder.id, rightful.id]) {
      expect((await repositories().audit.historyOf(id)).map((a) => a.action)).toContain('handle-moved');
    }
  });

  it('exports and finds a profile by its proven handles only', async () => {
    const profile = await portalProfile('NotYetProven', { verified: true });
    const exported = async () => {
      for await (const record of repositories().profileTransfers.export()) {
        if (record.profile_slug === profile.profile_slug) return record.profile_social_profiles.twitter;
      }
      throw new Error('not exported');
    };
    expect(await exported()).toBe('');
    expect(await store().findAuthorBySocialHandle('twitter', 'notyetproven')).toBeNull();
    await recordProof(claims, {
      profileId: profile.id,
      kind: 'twitter',
      value: 'NotYetProven',
      evidence: signedInAs('NotYetProven'),
    });
    expect(await exported()).toBe('NotYetProven');
    expect((await store().findAuthorBySocialHandle('twitter', 'notyetproven'))!.profile.id).toBe(profile.id);
  });

  it('refuses proofs and moves to a profile that does not exist', async () => {
    await expect(
      recordProof(claims, { profileId: 987_654, kind: 'twitter', value: 'Nobody', evidence: signedInAs('Nobody') }),
    ).resolves.toEqual({ ok: false, reason: 'no-such-profile' });
    await expect(
      moveProvenClaim(claims, { type: 'twitter', key: 'nobody', toProfileId: 987_654, editor: 'ed@example.org', note: 'x' }),
    ).resolves.toEqual({ ok: false, reason: 'no-such-profile' });
  });

  it('a proof with an actor records the release on the released profile’s history', async () => {
    const squatter = await portalProfile('HistoryOwner', { verified: true });
    const owner = await portalProfile('', { verified: true });
    const proof = { profileId: owner.id, kind: 'twitter' as const, value: 'HistoryOwner', evidence: signedInAs('HistoryOwner') };
    expect(await recordProof(claims, proof, { actor: 'network:https://x.example' })).toMatchObject({ ok: true });
    const [entry] = await repositories().audit.historyOf(squatter.id);
    expect(entry).toMatchObject({
      action: 'claim-released',
      actor: 'network:https://x.example',
      note: expect.stringMatching(/^X @HistoryOwner: Released on .*another profile proved it is theirs by signing in/),
    });
  });

  it('a confirmed displacement ends the target’s own proof with the reason and is recorded on both profiles', async () => {
    const holder = await portalProfile('MovedAway', { verified: true });
    const target = await portalProfile('OwnHandle', { verified: true });
    await recordProof(claims, { profileId: holder.id, kind: 'twitter', value: 'MovedAway', evidence: signedInAs('MovedAway') });
    await recordProof(claims, { profileId: target.id, kind: 'twitter', value: 'OwnHandle', evidence: signedInAs('OwnHandle') });
    const displacing = { reason: 'Displaced by the move', targetNote: 'displaced here', holderNote: 'displaced there' };
    const moved = await moveProvenClaim(claims, {
      type: 'twitter',
      key: 'movedaway',
      toProfileId: target.id,
      editor: 'ed@example.org',
      note: 'Checked',
      displacing,
    });
    expect(moved).toMatchObject({ ok: true, claim: { profileId: target.id, value: 'MovedAway' } });
    const own = (await claims.claimsOf(target.id)).find((c) => c.value === 'OwnHandle')!;
    expect(own).toMatchObject({ releasedReason: 'Displaced by the move', evidence: [{ endedReason: 'Displaced by the move' }] });
    expect(await answers('OwnHandle')).toBeNull();
    expect((await repositories().audit.historyOf(target.id)).slice(0, 2).map((a) => [a.action, a.note])).toEqual([
      ['handle-displaced', 'displaced here'],
      ['handle-moved', 'twitter MovedAway moved here: Checked'],
    ]);
    expect((await repositories().audit.historyOf(holder.id)).slice(0, 2).map((a) => [a.action, a.note])).toEqual([
      ['handle-displaced', 'displaced there'],
      ['handle-moved', 'twitter MovedAway moved to another profile: Checked'],
    ]);
  });

  describe('interrupted at any step', () => {
    /** Whoever the handle finds holds a live claim of it with a live proof. */
    async function findsOnlyAProof(key: string) {
      await new Promise((resolve) => setImmediate(resolve));
      const found = await store().findAuthorBySocialHandle('twitter', key);
      if (!found) return;
      const claim = (await claims.claimsOfKey('twitter', key)).find((c) => c.profileId === found.profile.id);
      expect(claim && liveEvidence(claim).length).toBeGreaterThan(0);
    }

    it('a proof never leaves a handle finding a profile without a live proof of it (embedded: nothing written)', async () => {
      for (let n = 1; ; n++) {
        // Each step on an empty store: FerretDB scans its collections, so steps on a store holding every earlier
        // step's profiles took longer the further the loop got (29 s for the move on MongoDB, 13 s on a fresh one).
        if (n > 1) claims = (await repositories.renew()).claims;
        const squatter = await portalProfile(`Cut${n}`, { verified: true });
        const owner = await portalProfile(`Earlier${n}`, { verified: true });
        const before = await Promise.all([claims.claimsOf(squatter.id), claims.claimsOf(owner.id)]);
        const proof = { profileId: owner.id, kind: 'twitter' as const, value: `Cut${n}`, evidence: signedInAs(`Cut${n}`) };
        const { done, reached } = await runCutAt(claims, n, (unit) => recordProofSteps(unit, proof, new Date().toISOString()));
        await findsOnlyAProof(`cut${n}`);
        await findsOnlyAProof(`earlier${n}`);
        if (store().database.kind === 'embedded' && !done) {
          expect(await Promise.all([claims.claimsOf(squatter.id), claims.claimsOf(owner.id)])).toEqual(before);
        }
        if (done && !reached) break;
      }
    }, 240_000); // a fresh pair of profiles per step of the proof: on FerretDB, seconds each, and past a minute on a slow CI machine

    it('a move never leaves the handle finding a profile without a live proof of it', async () => {
      for (let n = 1; ; n++) {
        if (n > 1) claims = (await repositories.renew()).claims; // each step on an empty store, as above
        const holder = await portalProfile(`Held${n}`, { verified: true });
        const target = await portalProfile(`Own${n}`, { verified: true });
        await recordProof(claims, { profileId: holder.id, kind: 'twitter', value: `Held${n}`, evidence: signedInAs(`Held${n}`) });
        await recordProof(claims, { profileId: target.id, kind: 'twitter', value: `Own${n}`, evidence: signedInAs(`Own${n}`) });
        const move = { type: 'twitter' as const, key: `held${n}`, toProfileId: target.id, editor: 'ed@example.org', note: 'x' };
        const { done, reached } = await runCutAt(claims, n, (unit) => moveProvenClaimSteps(unit, move, new Date().toISOString()));
        await findsOnlyAProof(`held${n}`);
        await findsOnlyAProof(`own${n}`);
        if (done && !reached) break;
      }
    }, 240_000); // a fresh pair of proven profiles per step of the move: on FerretDB, a few seconds each
  });

  describe('at the same time', () => {
    it('two profiles proving one handle: one wins, the other is refused and released', async () => {
      const one = await portalProfile('Raced', { verified: true });
      const two = await portalProfile('Raced', { verified: true });
      const results = await Promise.all(
        [one, two].map((p) =>
          recordProof(claims, { profileId: p.id, kind: 'twitter', value: 'Raced', evidence: signedInAs('Raced', `sub-${p.id}`) }),
        ),
      );
      const won = results.filter((r) => r.ok);
      expect(won).toHaveLength(1);
      const winner = won[0]!.ok ? won[0]!.claim.profileId : -1;
      const loser = winner === one.id ? two : one;
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'held-by-another', holderProfileId: winner });
      expect((await claims.claimsOfKey('twitter', 'raced')).map((c) => [c.profileId, c.state])).toEqual([[winner, 'proven']]);
      const [lost] = await claims.claimsOf(loser.id);
      expect(lost!.releasedAt).not.toBeNull();
      expect(lost!.evidence.filter((e) => e.endedAt === null)).toEqual([]);
      expect((await store().findAuthorBySocialHandle('twitter', 'raced'))!.profile.id).toBe(winner);
    });

    it('the same claim saved twice at once is one live claim', async () => {
      const profile = await portalProfile('', { verified: true });
      await Promise.all([1, 2, 3].map(() => setClaims(claims, profile.id, { twitter: ['Twice'] })));
      expect((await claims.claimsOf(profile.id)).map((c) => [c.value, c.releasedAt])).toEqual([['Twice', null]]);
    });
  });
}
