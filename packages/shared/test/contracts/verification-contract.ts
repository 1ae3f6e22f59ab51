import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { newJournalist, proveClaim } from './journalist-contract';

/**
 * The promises of the Verification port, for stores made by `factory`, including those the embedded store gets from its
 * unit of write. Run on every database by packages/shared/test/contracts/verification.test.ts.
 */
export function verificationContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  it('opens one pending request however many arrive at once, and a decision closes it with an audit record', async () => {
    const { profile, user } = await newJournalist(repositories(), '@to_verify');
    await proveClaim(repositories(), profile.id, 'twitter', '@to_verify');
    expect((await repositories().store.findAuthorBySocialHandle('twitter', 'to_verify'))?.profile.verified).toBe(false);
    const requests = await Promise.all([1, 2, 3].map(() => repositories().verification.request(profile.id, user.email)));
    expect(new Set(requests.map((r) => r.id)).size).toBe(1);
    expect(await repositories().verification.pending()).toEqual([requests[0]]);

    expect(
      await repositories().verification.decide({
        profileId: profile.id,
        actor: 'ed@example.org',
        action: 'verified',
        note: 'ok',
      }),
    ).toBe(true);
    expect(await repositories().verification.pendingOf(profile.id)).toBeNull();
    expect(await repositories().verification.pending()).toEqual([]);
    expect((await repositories().profiles.findById(profile.id))?.verified).toBe(true);
    expect((await repositories().store.findAuthorBySocialHandle('twitter', 'to_verify'))?.profile.verified).toBe(true);
    const history = await repositories().audit.historyOf(profile.id);
    expect(history.map((r) => [r.action, r.actor, r.note])).toEqual([
      ['verified', 'ed@example.org', 'ok'],
      ['requested', user.email, ''],
    ]);

    const again = await repositories().verification.request(profile.id, user.email);
    expect(again.id).not.toBe(requests[0]!.id);
    expect(again.status).toBe('pending');
    expect(
      await repositories().verification.decide({ profileId: 999_999, actor: 'ed@example.org', action: 'rejected', note: '' }),
    ).toBe(false);
  });

  it('returns a verified profile to the queue, unverified, with one pending request and its audit record', async () => {
    const { profile } = await newJournalist(repositories(), '@back_to_queue');
    await proveClaim(repositories(), profile.id, 'twitter', '@back_to_queue');
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    const entry = { profileId: profile.id, actor: 'byline:no-live-proof', action: 'no-live-proof' as const, note: 'gone' };
    expect(await repositories().verification.returnToQueue(entry)).toBe(true);
    expect((await repositories().profiles.findById(profile.id))?.verified).toBe(false);
    expect((await repositories().store.findAuthorBySocialHandle('twitter', 'back_to_queue'))?.profile.verified).toBe(false);
    const pending = await repositories().verification.pendingOf(profile.id);
    expect(pending).toMatchObject({ requestedBy: 'byline:no-live-proof', status: 'pending' });
    // Again, with the request still open: no second request, one more record.
    expect(await repositories().verification.returnToQueue({ ...entry, note: 'again' })).toBe(true);
    expect(await repositories().verification.pending()).toEqual([pending]);
    expect((await repositories().audit.historyOf(profile.id)).map((r) => [r.action, r.actor, r.note])).toEqual([
      ['no-live-proof', 'byline:no-live-proof', 'again'],
      ['no-live-proof', 'byline:no-live-proof', 'gone'],
      ['verified', 'ed@example.org', ''],
    ]);
    expect(await repositories().verification.returnToQueue({ ...entry, profileId: 999_999 })).toBe(false);
  });

  it('lets the owner withdraw a pending request: out of the queue, recorded once, then nothing to withdraw', async () => {
    const { profile, user } = await newJournalist(repositories(), '@changed_mind');
    const other = await newJournalist(repositories(), '@still_waiting');
    await repositories().verification.request(profile.id, user.email);
    const waiting = await repositories().verification.request(other.profile.id, other.user.email);

    const withdrawals = await Promise.all([1, 2].map(() => repositories().verification.withdraw(profile.id, user.email)));
    expect(withdrawals.filter(Boolean)).toHaveLength(1);
    expect(await repositories().verification.pendingOf(profile.id)).toBeNull();
    expect(await repositories().verification.pending()).toEqual([waiting]);
    expect((await repositories().audit.historyOf(profile.id)).map((r) => [r.action, r.actor])).toEqual([
      ['withdrawn', user.email],
      ['requested', user.email],
    ]);
    expect(await repositories().verification.withdraw(profile.id, user.email)).toBe(false);
    expect((await repositories().verification.request(profile.id, user.email)).status).toBe('pending');
  });
}
