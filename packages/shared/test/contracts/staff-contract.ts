import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { newJournalist } from './journalist-contract';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ADMIN = 'admin@harbour.example';

/** The promises of the Staff port, for stores made by `factory`; run on every database by packages/shared/test/contracts/staff.test.ts. */
export function staffContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const staff = () => repositories().staff;
  const publisher = async (slug = 'harbour-times') =>
    (await repositories().publishers.create({ slug, name: slug }, ADMIN, T0))!.id;

  it('invites a journalist by profile once while the invitation or affiliation is open', async () => {
    const publisherId = await publisher();
    const { profile } = await newJournalist(repositories());
    const invited = await staff().invite(publisherId, { profileId: profile.id }, ADMIN, T0);
    expect(invited).toEqual({
      id: invited!.id,
      publisherId,
      profileId: profile.id,
      invitedEmail: null,
      state: 'invited',
      invitedBy: ADMIN,
      invitedAt: T0.toISOString(),
      acceptedAt: null,
      endedAt: null,
      endedBy: null,
      endedReason: null,
    });
    expect(await staff().invite(publisherId, { profileId: profile.id }, ADMIN, later(1))).toBeNull();
    expect(await staff().findById(invited!.id)).toEqual(invited);
    // another publisher may invite the same journalist
    expect(await staff().invite(await publisher('other'), { profileId: profile.id }, ADMIN, T0)).not.toBeNull();
  });

  it('accepts an invitation, making the affiliation active since then; either side may end it, and it is kept', async () => {
    const publisherId = await publisher();
    const { profile } = await newJournalist(repositories());
    const invited = (await staff().invite(publisherId, { profileId: profile.id }, ADMIN, T0))!;
    expect((await staff().invitationsFor({ profileId: profile.id, email: 'nobody@example.org' })).map((a) => a.id)).toEqual([
      invited.id,
    ]);
    const accepted = await staff().accept(invited.id, profile.id, later(1));
    expect(accepted).toMatchObject({ state: 'active', acceptedAt: later(1).toISOString(), profileId: profile.id });
    expect(await staff().accept(invited.id, profile.id, later(2))).toBeNull();
    expect(await staff().invitationsFor({ profileId: profile.id, email: 'nobody@example.org' })).toEqual([]);
    // still open: no second invitation
    expect(await staff().invite(publisherId, { profileId: profile.id }, ADMIN, later(2))).toBeNull();

    expect(await staff().end(invited.id, 'journalist@example.org', 'Left the paper', later(3))).toBe(true);
    expect(await staff().end(invited.id, ADMIN, 'again', later(4))).toBe(false);
    expect(await staff().ofProfile(profile.id)).toEqual([
      expect.objectContaining({
        id: invited.id,
        state: 'ended',
        acceptedAt: later(1).toISOString(),
        endedAt: later(3).toISOString(),
        endedBy: 'journalist@example.org',
        endedReason: 'Left the paper',
      }),
    ]);
    // ended: the publisher may invite again
    expect(await staff().invite(publisherId, { profileId: profile.id }, ADMIN, later(5))).not.toBeNull();
    expect((await staff().ofPublisher(publisherId)).map((a) => a.state)).toEqual(['invited', 'ended']);
  });

  it('binds an invitation by email to the profile that accepts it, and answers its other invitation with it', async () => {
    const publisherId = await publisher();
    const { profile } = await newJournalist(repositories());
    const byEmail = (await staff().invite(publisherId, { email: 'Aoife@Example.org' }, ADMIN, T0))!;
    expect(byEmail).toMatchObject({ invitedEmail: 'aoife@example.org', profileId: null });
    expect(await staff().invite(publisherId, { email: 'aoife@example.org' }, ADMIN, T0)).toBeNull();
    const byProfile = (await staff().invite(publisherId, { profileId: profile.id }, ADMIN, later(1)))!;
    expect((await staff().invitationsFor({ profileId: profile.id, email: 'AOIFE@example.org' })).map((a) => a.id)).toEqual([
      byProfile.id,
      byEmail.id,
    ]);

    expect(await staff().accept(byEmail.id, profile.id, later(2))).toMatchObject({ state: 'active', profileId: profile.id });
    expect(await staff().findById(byProfile.id)).toMatchObject({
      state: 'ended',
      endedReason: 'Another invitation was accepted.',
    });
    expect(await staff().accept(byProfile.id, profile.id, later(3))).toBeNull();
  });

  it('refuses an invitation to one profile accepted by another, and a declined one', async () => {
    const publisherId = await publisher();
    const { profile } = await newJournalist(repositories());
    const { profile: other } = await newJournalist(repositories());
    const invited = (await staff().invite(publisherId, { profileId: profile.id }, ADMIN, T0))!;
    expect(await staff().accept(invited.id, other.id, later(1))).toBeNull();
    expect(await staff().decline(invited.id, 'journalist', later(1))).toBe(true);
    expect(await staff().decline(invited.id, 'journalist', later(1))).toBe(false);
    expect(await staff().accept(invited.id, profile.id, later(2))).toBeNull();
    expect(await staff().findById(invited.id)).toMatchObject({ state: 'declined', endedBy: 'journalist', endedReason: null });
    expect(await staff().findById(invited.id + 1000)).toBeNull();
  });

  it("goes with the journalist's profile when they delete it, and only theirs", async () => {
    const publisherId = await publisher();
    const { profile } = await newJournalist(repositories());
    const { profile: other } = await newJournalist(repositories());
    const mine = (await staff().invite(publisherId, { profileId: profile.id }, ADMIN, T0))!;
    await staff().accept(mine.id, profile.id, later(1));
    const theirs = (await staff().invite(publisherId, { profileId: other.id }, ADMIN, T0))!;
    expect(await repositories().profileErasure.erase(profile.id)).toBe(true);
    expect(await staff().findById(mine.id)).toBeNull();
    expect((await staff().ofPublisher(publisherId)).map((a) => a.id)).toEqual([theirs.id]);
  });

  it('erases the invitations to an address no profile took up, and keeps those taken up', async () => {
    const publisherId = await publisher();
    const other = await publisher('other');
    const { profile } = await newJournalist(repositories());
    const open = (await staff().invite(publisherId, { email: 'Leaving@example.org' }, ADMIN, T0))!;
    const taken = (await staff().invite(other, { email: 'leaving@example.org' }, ADMIN, T0))!;
    await staff().accept(taken.id, profile.id, later(1));
    const someoneElse = (await staff().invite(publisherId, { email: 'staying@example.org' }, ADMIN, T0))!;
    expect(await staff().eraseInvitationsTo('LEAVING@example.org')).toBe(1);
    expect(await staff().findById(open.id)).toBeNull();
    expect(await staff().findById(taken.id)).toMatchObject({ state: 'active' });
    expect(await staff().findById(someoneElse.id)).not.toBeNull();
  });
}
