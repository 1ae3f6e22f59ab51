import { freshRepositoriesPerTest, signedInAs, type StoreFactory } from '@byline/test-support';
import { recordProof } from '@byline/domain/claims/record-proof';
import { handleKey } from '@byline/domain/social/social-handle';
import { journalistFields, newJournalist, proveClaim } from './journalist-contract';
import { HandleTakenError } from '@byline/domain/profiles/profiles-repository';

/**
 * The promises of the Profiles port, for stores made by `factory`, including those the embedded store gets from its
 * unit of write. Run on every database by packages/shared/test/contracts/profiles.test.ts.
 */
export function profilesContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  let n = 0;
  /** The profile's live network claims as [kind, value, state]. */
  const liveClaims = async (profileId: number) =>
    (await repositories().claims.claimsOf(profileId)).filter((c) => c.releasedAt === null).map((c) => [c.kind, c.value, c.state]);
  const lookup = async (handle: string) =>
    (await repositories().store.findAuthorBySocialHandle('twitter', handle))?.profile.id ?? null;

  it('refuses a handle no account can have from any caller, saving nothing, and stores addresses as usernames', async () => {
    const email = `r${++n}@example.org`;
    const user = await repositories().users.create({ email, passwordHash: 'x', role: 'journalist' }, new Date());
    const attempt = repositories().profiles.save(user.id, journalistFields('javascript:alert(5)'), 'aoife-brennan');

    await expect(attempt).rejects.toMatchObject({
      name: 'InvalidSocialHandlesError',
      reasons: { twitter: expect.stringContaining('must be an X (Twitter) username') },
    });
    expect((await repositories().users.findByEmail(email))!.profileId).toBeNull();
    expect(await repositories().store.findAuthorBySocialHandle('twitter', 'javascript:alert(5)')).toBeNull();

    const addresses = journalistFields('https://x.com/Aoife_B');
    addresses.profile_social_profiles.linkedin = 'https://www.linkedin.com/in/aoife-b/';
    const saved = await repositories().profiles.save(user.id, addresses, 'aoife-brennan');
    // Typed handles are claims, kept as bare usernames; the document lists proven handles only.
    expect(await liveClaims(saved.id)).toEqual([
      ['twitter', 'Aoife_B', 'claimed'],
      ['linkedin', 'aoife-b', 'claimed'],
    ]);
    expect(saved.profile_social_profiles).toEqual({ twitter: '', facebook: '', linkedin: '', instagram: '' });
    await proveClaim(repositories(), saved.id, 'twitter', 'Aoife_B');
    expect((await repositories().profiles.findById(saved.id))!.profile_social_profiles).toEqual({
      twitter: 'Aoife_B',
      facebook: '',
      linkedin: '',
      instagram: '',
    });
    expect(await lookup(handleKey('twitter', 'https://x.com/Aoife_B'))).toBe(saved.id);
  });

  it('gives new profiles unique slugs and finds them by a proven handle only', async () => {
    const first = await newJournalist(repositories(), '@samehandle_a');
    const second = await newJournalist(repositories(), '@samehandle_b');
    expect(first.profile.profile_slug).toBe('aoife-brennan');
    expect(second.profile.profile_slug).toBe('aoife-brennan-2');
    expect(first.profile.verified).toBe(false);
    // A handle typed into the form is a claim: it answers no lookup.
    expect(await repositories().store.findAuthorBySocialHandle('twitter', 'samehandle_b')).toBeNull();
    await proveClaim(repositories(), second.profile.id, 'twitter', '@samehandle_b');
    const found = await repositories().store.findAuthorBySocialHandle('twitter', 'samehandle_b');
    expect(found?.profile).toMatchObject({ id: second.profile.id, profile_first_name: 'Aoife', verified: false });
    expect(await lookup('samehandle_a')).toBeNull();
  });

  it('lets unproven claims block nobody; refuses a handle another profile holds proven, saving nothing; releases dropped handles', async () => {
    const holder = await newJournalist(repositories(), '@held_handle');
    const other = await newJournalist(repositories(), '@other_handle');
    const rival = await newJournalist(repositories(), '@HELD_handle'); // an unproven claim never blocks anyone
    const key = handleKey('twitter', '@held_handle');
    expect((await repositories().claims.claimsOfKey('twitter', key)).map((c) => [c.profileId, c.state])).toEqual(
      expect.arrayContaining([
        [holder.profile.id, 'claimed'],
        [rival.profile.id, 'claimed'],
      ]),
    );
    expect(await lookup('held_handle')).toBeNull();

    // Proving it releases the rival's unproven claim of the same handle; the handle then answers for the holder.
    const proven = await recordProof(repositories().claims, {
      profileId: holder.profile.id,
      kind: 'twitter',
      value: '@held_handle',
      evidence: signedInAs('@held_handle'),
    });
    expect(proven).toMatchObject({ ok: true, released: [{ profileId: rival.profile.id }] });
    expect(await liveClaims(rival.profile.id)).toEqual([]);
    expect(await lookup('held_handle')).toBe(holder.profile.id);

    const taken = { ...journalistFields('@HELD_handle'), profile_first_name: 'Changed' };
    const refused = repositories().profiles.save(other.user.id, taken, 'x');
    await expect(refused).rejects.toBeInstanceOf(HandleTakenError);
    await expect(refused).rejects.toMatchObject({ types: ['twitter'] });
    expect((await repositories().profiles.findById(other.profile.id))!.profile_first_name).toBe('Aoife');
    expect(await liveClaims(other.profile.id)).toEqual([['twitter', '@other_handle', 'claimed']]);
    expect(await lookup('held_handle')).toBe(holder.profile.id);

    // The holder drops it: its proof ends, the lookup stops, and the handle is free to claim (and prove) again.
    await repositories().profiles.save(holder.user.id, journalistFields('@new_handle'), 'x');
    expect(await lookup('held_handle')).toBeNull();
    const claimedAgain = await repositories().profiles.save(other.user.id, journalistFields('@held_handle'), 'x');
    expect(claimedAgain.profile_social_profiles.twitter).toBe('');
    expect(await liveClaims(other.profile.id)).toEqual([['twitter', '@held_handle', 'claimed']]);
    expect(await lookup('held_handle')).toBeNull();
    await proveClaim(repositories(), other.profile.id, 'twitter', '@held_handle');
    expect((await repositories().profiles.findById(other.profile.id))!.profile_social_profiles.twitter).toBe('@held_handle');
    expect(await lookup('held_handle')).toBe(other.profile.id);
  });
}
