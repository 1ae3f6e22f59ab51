import { repositoriesOf } from '@byline/shared/store';
import { type Profiles, HandleTakenError, ImportConflictError } from '@byline/domain/profiles/profiles-repository';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { aProfile, seed, signedInAs, storeFactories } from '@byline/test-support';
import { claimingTwitter, portalProfile as portalJournalist } from './portal-profiles';
import { freshStorePerTest } from './fresh-store';

/** `byline import` and the claims: the handles it loads are proven by the operator, on each database. */
describe.each(storeFactories())('store contract: the claims of imported profiles ($name store)', (factory) => {
  const store = freshStorePerTest(factory);
  let claims: ClaimsRepository;
  let profiles: Profiles;
  beforeEach(() => {
    claims = repositoriesOf(store()).claims;
    profiles = repositoriesOf(store()).profiles;
  });

  const portalProfile = (twitter: string, options: { verified?: boolean } = {}) => portalJournalist(store(), twitter, options);

  /** The lookup as the journalist verifier makes it, in a later event-loop turn (see TurnSnapshot). */
  const answers = async (handle: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return store().journalistAnswer('twitter', handle.toLowerCase().replace(/^@/, ''));
  };

  it('imported handles are proven by the operator and answer as before', async () => {
    const [record] = await seed(store(), aProfile());
    const profile = (await profiles.findBySlug(record!.profile_slug))!;
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

  describe('import', () => {
    const onlyTwitter = (twitter: string) => ({ twitter, facebook: '', linkedin: '', instagram: '' });

    it('proves its handles and releases another profile’s unproven claim of them', async () => {
      const squatter = await portalProfile('ImportedName', { verified: true });
      const [record] = await seed(store(), aProfile({ profile_social_profiles: onlyTwitter('ImportedName') }));
      const imported = (await profiles.findBySlug(record!.profile_slug))!;

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
      await expect(profiles.save(squatter.userId, claimingTwitter('ImportedName'), 'x')).rejects.toBeInstanceOf(HandleTakenError);
    });

    it('conflicts on a handle another profile holds proven, and changes nothing', async () => {
      const holder = await portalProfile('ProvenFirst', { verified: true });
      await recordProof(claims, {
        profileId: holder.id,
        kind: 'twitter',
        value: 'ProvenFirst',
        evidence: signedInAs('ProvenFirst'),
      });
      const record = aProfile({ profile_social_profiles: onlyTwitter('provenfirst') });

      await expect(seed(store(), record)).rejects.toBeInstanceOf(ImportConflictError);
      expect(await profiles.findBySlug(record.profile_slug)).toBeNull();
      expect((await claims.claimsOfKey('twitter', 'provenfirst')).map((c) => [c.profileId, c.state])).toEqual([
        [holder.id, 'proven'],
      ]);
      expect(JSON.parse((await answers('ProvenFirst'))!)).toMatchObject({ slug: holder.profile_slug });
    });

    it('ends the claims a new import of the profile no longer lists, and proves the ones it adds', async () => {
      const [first] = await seed(store(), aProfile());
      const profile = (await profiles.findBySlug(first!.profile_slug))!;
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
});
