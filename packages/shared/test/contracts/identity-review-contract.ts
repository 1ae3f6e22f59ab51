import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { journalistFields, newJournalist, proveClaim } from './journalist-contract';

/**
 * The promises of a verified profile's identity review, for stores made by `factory`: a save holds the reviewed
 * fields' changes as pending and the answers keep the approved values until an editor decides. Run on every
 * database by packages/shared/test/contracts/identity-review.test.ts.
 */
export function identityReviewContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  async function verifiedJournalist(handle: string) {
    const { user, profile } = await newJournalist(repositories(), `@${handle}`);
    await proveClaim(repositories(), profile.id, 'twitter', `@${handle}`);
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    return { user, profile };
  }

  /** The last name verify_journalist answers (its answer has no employer; the article's has, see the portal's tests). */
  const answeredLastName = async (handle: string) =>
    (JSON.parse((await repositories().store.journalistAnswer('twitter', handle))!) as { last_name: string }).last_name;

  it('holds a verified profile’s identity change until approved; other fields save at once', async () => {
    const { user, profile } = await verifiedJournalist('identity_held');
    const changed = { ...journalistFields('@identity_held'), profile_employer: 'The Courier', profile_last_name: 'Byrne' };
    changed.profile_bio = 'New bio';
    const saved = await repositories().profiles.save(user.id, changed, 'x');
    expect(saved).toMatchObject({ profile_employer: 'The Ledger', profile_last_name: 'Brennan', profile_bio: 'New bio' });
    expect(await answeredLastName('identity_held')).toBe('Brennan');
    const pending = await repositories().identityReview.pendingIdentityOf(profile.id);
    expect(pending).toMatchObject({
      fields: { profile_employer: 'The Courier', profile_last_name: 'Byrne' },
      requested_by: user.email,
    });
    expect(await repositories().identityReview.pendingIdentityChanges()).toEqual([{ profileId: profile.id, change: pending }]);

    // Saving the same change again neither re-dates it nor adds a second history line.
    await repositories().profiles.save(user.id, changed, 'x');
    expect(await repositories().identityReview.pendingIdentityOf(profile.id)).toEqual(pending);

    const stale = { profileId: profile.id, actor: 'ed2@example.org', note: '', requestedAt: 'earlier' };
    expect(await repositories().identityReview.decideIdentityChange({ ...stale, action: 'identity-change-approved' })).toEqual({
      ok: false,
      reason: 'changed-since',
    });
    const approved = await repositories().identityReview.decideIdentityChange({
      ...stale,
      action: 'identity-change-approved',
      requestedAt: pending!.requested_at,
    });
    expect(approved).toEqual({ ok: true, change: pending });
    expect(await answeredLastName('identity_held')).toBe('Byrne');
    expect((await repositories().profiles.findById(profile.id))?.profile_employer).toBe('The Courier');
    expect(await repositories().identityReview.pendingIdentityOf(profile.id)).toBeNull();
    expect(await repositories().identityReview.pendingIdentityChanges()).toEqual([]);
    expect((await repositories().audit.historyOf(profile.id)).slice(0, 2).map((r) => [r.action, r.actor, r.note])).toEqual([
      ['identity-change-approved', 'ed2@example.org', ''],
      ['identity-change-requested', user.email, 'Last name: Brennan → Byrne; Employer: The Ledger → The Courier'],
    ]);
  });

  it('a declined change leaves the approved values; going back to them withdraws the change', async () => {
    const { user, profile } = await verifiedJournalist('identity_declined');
    const renamed = { ...journalistFields('@identity_declined'), profile_last_name: 'Byrne', profile_title: 'Editor' };
    await repositories().profiles.save(user.id, renamed, 'x');
    const declined = await repositories().identityReview.decideIdentityChange({
      profileId: profile.id,
      actor: 'ed@example.org',
      action: 'identity-change-declined',
      note: 'No proof of the new name',
    });
    expect(declined.ok).toBe(true);
    expect(await repositories().profiles.findById(profile.id)).toMatchObject({
      profile_last_name: 'Brennan',
      profile_title: 'Courts reporter',
    });
    expect((await repositories().audit.historyOf(profile.id))[0]).toMatchObject({
      action: 'identity-change-declined',
      note: 'No proof of the new name',
    });
    expect(
      await repositories().identityReview.decideIdentityChange({
        profileId: profile.id,
        actor: 'e',
        action: 'identity-change-declined',
        note: '',
      }),
    ).toEqual({ ok: false, reason: 'no-pending-change' });

    await repositories().profiles.save(user.id, renamed, 'x');
    expect(await repositories().identityReview.pendingIdentityOf(profile.id)).not.toBeNull();
    await repositories().profiles.save(user.id, journalistFields('@identity_declined'), 'x');
    expect(await repositories().identityReview.pendingIdentityOf(profile.id)).toBeNull();
  });

  it('an unverified profile changes its identity at once, with nothing pending', async () => {
    const { user, profile } = await newJournalist(repositories(), '@identity_free');
    const saved = await repositories().profiles.save(
      user.id,
      { ...journalistFields('@identity_free'), profile_employer: 'Freelance' },
      'x',
    );
    expect(saved.profile_employer).toBe('Freelance');
    expect(await repositories().identityReview.pendingIdentityOf(profile.id)).toBeNull();
  });
}
