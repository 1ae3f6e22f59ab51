import {
  backendOf,
  HandleTakenError,
  ImportConflictError,
  type ClaimStoreWithAttempts,
  type NewEvidence,
  type Backend,
  type ProfileFields,
} from '@byline/shared';
import { aProfile, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';

const signIn = (username: string, subject = `sub-${username}`): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.example', name: 'X' },
  provenValue: username,
  subject,
  by: 'network:https://x.example',
});

let counter = 0;
function fields(twitter: string, name = 'Aoife'): ProfileFields {
  return {
    profile_first_name: name,
    profile_last_name: `Test${++counter}`,
    profile_title: '',
    profile_bio: '',
    profile_employer: '',
    profile_residing: '',
    profile_image: '',
    profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
    user_location: '',
    user_city: '',
  };
}

describe.each(storeFactories())('store contract: claims and evidence ($name store)', (factory) => {
  const store = freshStorePerTest(factory);
  let claims: ClaimStoreWithAttempts;
  let portal: Backend;
  beforeEach(() => {
    try {
      claims = backendOf(store()).claims;
    } catch {
      // The implementation for this store is not there yet: the suite says so below.
    }
    portal = backendOf(store());
  });
  afterEach(async () => {
    await claims?.close();
    await portal.close();
  });

  /** A portal journalist's profile claiming this X handle, verified by an editor when asked. */
  async function portalProfile(twitter: string, { verified = false } = {}) {
    const user = await backendOf(store()).users.create({
      email: `j${++counter}@example.org`,
      passwordHash: 'x',
      role: 'journalist',
    });
    const profile = await portal.profiles.save(user.id, fields(twitter), `journalist-${counter}`);
    if (verified)
      await portal.verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    return Object.assign(profile, { userId: user.id });
  }

  /** The lookup as the journalist verifier makes it, in a later event-loop turn (see TurnSnapshot). */
  const answers = async (handle: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return store().journalistAnswer('twitter', handle.toLowerCase().replace(/^@/, ''));
  };

  it('imported handles are proven by the operator and answer as before', async () => {
    const [record] = await seed(store(), aProfile());
    const profile = (await portal.profiles.findBySlug(record!.profile_slug))!;
    const list = await claims.claimsOf(profile.id);
    expect(list.map((c) => [c.kind, c.state, c.evidence[0]?.method])).toEqual([
      ['twitter', 'proven', 'operator-import'],
      ['facebook', 'proven', 'operator-import'],
      ['linkedin', 'proven', 'operator-import'],
      ['instagram', 'proven', 'operator-import'],
    ]);
    expect(list[0]!.evidence[0]).toMatchObject({
      provider: { id: 'urn:byline:operator-import' },
      provenValue: record!.profile_social_profiles.twitter,
      by: 'operator:byline import',
      endedAt: null,
    });
    expect(await answers(record!.profile_social_profiles.twitter)).toContain('"verified":true');
  });

  it('a typed handle is only a claim: a verified profile does not answer for it until it is proven', async () => {
    const profile = await portalProfile('@AoifeClaims', { verified: true });
    expect((await claims.claimsOf(profile.id)).map((c) => [c.kind, c.value, c.state])).toEqual([
      ['twitter', '@AoifeClaims', 'claimed'],
    ]);
    expect(await answers('AoifeClaims')).toBeNull();
    expect((await portal.profiles.findById(profile.id))!.profile_social_profiles.twitter).toBe('');

    const proven = await claims.recordProof({
      profileId: profile.id,
      kind: 'twitter',
      value: 'AoifeClaims',
      evidence: signIn('AoifeClaims'),
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

    const result = await claims.recordProof({
      profileId: owner.id,
      kind: 'twitter',
      value: 'RealReporter',
      evidence: signIn('RealReporter'),
    });
    expect(result).toMatchObject({ ok: true, released: [{ profileId: squatter.id }] });
    const [released] = await claims.claimsOf(squatter.id);
    expect(released).toMatchObject({ state: 'claimed', releasedReason: expect.stringContaining('another profile proved it') });
    expect(released!.releasedAt).not.toBeNull();
    expect(JSON.parse((await answers('RealReporter'))!)).toMatchObject({ slug: owner.profile_slug });

    // Once proven, nobody else may claim it, and a proof by another profile is refused.
    await expect(portal.profiles.save(squatter.userId, fields('realreporter'), 'x')).rejects.toBeInstanceOf(HandleTakenError);
    await expect(
      claims.recordProof({ profileId: squatter.id, kind: 'twitter', value: 'RealReporter', evidence: signIn('RealReporter') }),
    ).resolves.toEqual({ ok: false, reason: 'held-by-another', holderProfileId: owner.id });
  });

  it('the provider’s username wins over the typed one', async () => {
    const profile = await portalProfile('TypedName', { verified: true });
    const result = await claims.recordProof({
      profileId: profile.id,
      kind: 'twitter',
      value: 'SignedInName',
      evidence: signIn('SignedInName'),
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
    await claims.recordProof({ profileId: profile.id, kind: 'twitter', value: 'Leaving', evidence: signIn('Leaving') });
    await claims.setClaims(profile.id, { twitter: [] });
    const [claim] = await claims.claimsOf(profile.id);
    expect(claim!.releasedAt).not.toBeNull();
    expect(claim!.evidence[0]!.endedAt).not.toBeNull();
    expect(await answers('Leaving')).toBeNull();
  });

  it('an editor moves a proven handle, audited on both profiles', async () => {
    const holder = await portalProfile('Contested', { verified: true });
    const rightful = await portalProfile('', { verified: true });
    await claims.recordProof({ profileId: holder.id, kind: 'twitter', value: 'Contested', evidence: signIn('Contested') });
    const moved = await claims.moveProvenClaim({
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
      expect((await backendOf(store()).audit.historyOf(id)).map((a) => a.action)).toContain('handle-moved');
    }
  });

  it('exports and finds a profile by its proven handles only', async () => {
    const profile = await portalProfile('NotYetProven', { verified: true });
    const exported = async () => {
      for await (const record of backendOf(store()).profiles.export()) {
        if (record.profile_slug === profile.profile_slug) return record.profile_social_profiles.twitter;
      }
      throw new Error('not exported');
    };
    expect(await exported()).toBe('');
    expect(await store().findAuthorBySocialHandle('twitter', 'notyetproven')).toBeNull();
    await claims.recordProof({ profileId: profile.id, kind: 'twitter', value: 'NotYetProven', evidence: signIn('NotYetProven') });
    expect(await exported()).toBe('NotYetProven');
    expect((await store().findAuthorBySocialHandle('twitter', 'notyetproven'))!.profile.id).toBe(profile.id);
  });

  it('refuses proofs and moves to a profile that does not exist', async () => {
    await expect(
      claims.recordProof({ profileId: 987_654, kind: 'twitter', value: 'Nobody', evidence: signIn('Nobody') }),
    ).resolves.toEqual({ ok: false, reason: 'no-such-profile' });
    await expect(
      claims.moveProvenClaim({ type: 'twitter', key: 'nobody', toProfileId: 987_654, editor: 'ed@example.org', note: 'x' }),
    ).resolves.toEqual({ ok: false, reason: 'no-such-profile' });
  });

  describe('import', () => {
    const onlyTwitter = (twitter: string) => ({ twitter, facebook: '', linkedin: '', instagram: '' });

    it('proves its handles and releases another profile’s unproven claim of them', async () => {
      const squatter = await portalProfile('ImportedName', { verified: true });
      const [record] = await seed(store(), aProfile({ profile_social_profiles: onlyTwitter('ImportedName') }));
      const imported = (await portal.profiles.findBySlug(record!.profile_slug))!;

      const [released] = await claims.claimsOf(squatter.id);
      expect(released).toMatchObject({
        value: 'ImportedName',
        state: 'claimed',
        releasedReason: expect.stringContaining('the operator’s import'),
      });
      expect(released!.releasedAt).not.toBeNull();
      expect((await claims.claimsOfKey('twitter', 'importedname')).map((c) => [c.profileId, c.state])).toEqual([
        [imported.id, 'proven'],
      ]);
      expect(JSON.parse((await answers('ImportedName'))!)).toMatchObject({ slug: record!.profile_slug });
      // The squatter may not claim it again once it is proven.
      await expect(portal.profiles.save(squatter.userId, fields('ImportedName'), 'x')).rejects.toBeInstanceOf(HandleTakenError);
    });

    it('conflicts on a handle another profile holds proven, and changes nothing', async () => {
      const holder = await portalProfile('ProvenFirst', { verified: true });
      await claims.recordProof({ profileId: holder.id, kind: 'twitter', value: 'ProvenFirst', evidence: signIn('ProvenFirst') });
      const record = aProfile({ profile_social_profiles: onlyTwitter('provenfirst') });

      await expect(seed(store(), record)).rejects.toBeInstanceOf(ImportConflictError);
      expect(await portal.profiles.findBySlug(record.profile_slug)).toBeNull();
      expect((await claims.claimsOfKey('twitter', 'provenfirst')).map((c) => [c.profileId, c.state])).toEqual([
        [holder.id, 'proven'],
      ]);
      expect(JSON.parse((await answers('ProvenFirst'))!)).toMatchObject({ slug: holder.profile_slug });
    });

    it('ends the claims a new import of the profile no longer lists, and proves the ones it adds', async () => {
      const [first] = await seed(store(), aProfile());
      const profile = (await portal.profiles.findBySlug(first!.profile_slug))!;
      const old = first!.profile_social_profiles;
      await seed(store(), { ...first!, profile_social_profiles: { ...old, twitter: 'NewlyImported', facebook: '' } });

      const list = await claims.claimsOf(profile.id);
      expect(list.filter((c) => c.releasedAt === null).map((c) => [c.kind, c.value, c.state])).toEqual([
        ['linkedin', old.linkedin, 'proven'],
        ['instagram', old.instagram, 'proven'],
        ['twitter', 'NewlyImported', 'proven'],
      ]);
      const ended = list.filter((c) => c.releasedAt !== null);
      expect(ended.map((c) => [c.kind, c.value])).toEqual([
        ['twitter', old.twitter],
        ['facebook', old.facebook],
      ]);
      for (const claim of ended) {
        expect(claim.releasedReason).toContain('operator');
        expect(claim.evidence.every((e) => e.endedAt !== null)).toBe(true);
      }
      expect(await answers(old.twitter)).toBeNull();
      expect(await store().findAuthorBySocialHandle('facebook', old.facebook.toLowerCase())).toBeNull();
      expect(await answers('NewlyImported')).toContain('"verified":true');
    });
  });

  describe('at the same time', () => {
    it('two profiles proving one handle: one wins, the other is refused and released', async () => {
      const one = await portalProfile('Raced', { verified: true });
      const two = await portalProfile('Raced', { verified: true });
      const results = await Promise.all(
        [one, two].map((p) =>
          claims.recordProof({ profileId: p.id, kind: 'twitter', value: 'Raced', evidence: signIn('Raced', `sub-${p.id}`) }),
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
      await Promise.all([1, 2, 3].map(() => claims.setClaims(profile.id, { twitter: ['Twice'] })));
      expect((await claims.claimsOf(profile.id)).map((c) => [c.value, c.releasedAt])).toEqual([['Twice', null]]);
    });
  });
});
