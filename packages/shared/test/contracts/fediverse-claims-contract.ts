import { freshRepositoriesPerTest, profileFields, type StoreFactory } from '@byline/test-support';
import type { NewEvidence } from '@byline/domain/proofs/claims';
import { InvalidFediverseAccountError } from '@byline/domain/proofs/claim-values';
import { recordProof } from '@byline/domain/claims/record-proof';
import { setClaims } from '@byline/domain/claims/set-claims';

const relMe = (page: string): NewEvidence => ({
  method: 'rel-me',
  provider: { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' },
  provenValue: page,
  by: 'byline:rel-me check',
  nextCheckAt: '2030-01-02T00:00:00.000Z',
});

const signIn = (username: string): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.example', name: 'X' },
  provenValue: username,
  subject: `sub-${username}`,
  by: 'network:https://x.example',
});

let made = 0;

/**
 * Fediverse accounts as claims, for stores made by `factory`: kept in their normal form, keyed in lower case,
 * proven like websites, and never a network of the v1 answers (no lookup, no `profile_social_profiles` entry).
 * Run on every database by packages/shared/test/contracts/fediverse-claims.test.ts.
 */
export function fediverseClaimsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  async function verifiedProfileProvingX(twitter: string) {
    const { users, profiles, verification, claims } = repositories();
    const user = await users.create(
      { email: `fedi${++made}-${Date.now()}@example.org`, passwordHash: 'x', role: 'journalist' },
      new Date(),
    );
    const fields = profileFields({ profile_last_name: `Fedi${made}` });
    const profile = await profiles.save(
      user.id,
      { ...fields, profile_social_profiles: { ...fields.profile_social_profiles, twitter } },
      `fedi-${made}`,
    );
    await recordProof(claims, { profileId: profile.id, kind: 'twitter', value: twitter, evidence: signIn(twitter) });
    await verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    return profile;
  }

  const answerFor = async (handle: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return repositories().store.journalistAnswer('twitter', handle.toLowerCase());
  };

  it('keeps one claim per account however it is written, proves it by rel="me", and leaves the v1 answer as it was', async () => {
    const { claims, profiles } = repositories();
    const profile = await verifiedProfileProvingX('AoifeFedi');
    const before = await answerFor('AoifeFedi');
    const shownBefore = (await profiles.findById(profile.id))!.profile_social_profiles;
    expect(before).toContain('"twitter":"AoifeFedi"');

    await setClaims(claims, profile.id, { fediverse: ['@Aoife@Social.Example', 'aoife@social.example'] });
    const [claimed] = (await claims.claimsOf(profile.id)).filter((claim) => claim.kind === 'fediverse');
    expect(claimed).toMatchObject({ value: '@Aoife@social.example', key: '@aoife@social.example', state: 'claimed' });

    const proof = await recordProof(claims, {
      profileId: profile.id,
      kind: 'fediverse',
      value: '@aoife@social.example',
      evidence: relMe('https://social.example/@Aoife'),
    });
    expect(proof).toMatchObject({ ok: true, claim: { id: claimed!.id, state: 'proven', value: '@Aoife@social.example' } });
    expect(await claims.claimsOfKey('fediverse', '@aoife@social.example')).toEqual([
      expect.objectContaining({ profileId: profile.id, state: 'proven' }),
    ]);
    expect(await answerFor('AoifeFedi')).toBe(before);
    expect((await profiles.findById(profile.id))!.profile_social_profiles).toEqual(shownBefore);
  });

  it('proving an account releases no other profile’s claim of it, as for a website (only handles have one holder)', async () => {
    const { claims } = repositories();
    const [owner, other] = [await verifiedProfileProvingX('OwnerFedi'), await verifiedProfileProvingX('OtherFedi')];
    await setClaims(claims, other.id, { fediverse: ['@owner@social.example'] });
    await setClaims(claims, owner.id, { fediverse: ['@owner@social.example'] });
    const proof = await recordProof(claims, {
      profileId: owner.id,
      kind: 'fediverse',
      value: '@owner@social.example',
      evidence: relMe('https://social.example/@owner'),
    });
    expect(proof).toMatchObject({ ok: true, released: [] });
    // The other profile's claim stays a claim: it counts for nothing until that profile's page links back too.
    expect((await claims.claimsOf(other.id)).find((claim) => claim.kind === 'fediverse')).toMatchObject({
      state: 'claimed',
      releasedAt: null,
    });
  });

  it('refuses a value that names no account', async () => {
    const profile = await verifiedProfileProvingX('RefuseFedi');
    await expect(
      setClaims(repositories().claims, profile.id, { fediverse: ['https://social.example/@aoife'] }),
    ).rejects.toBeInstanceOf(InvalidFediverseAccountError);
  });
}
