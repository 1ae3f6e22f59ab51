import { freshRepositoriesPerTest, takeQueuedWebhookEvents, type StoreFactory } from '@byline/test-support';
import { recordProof } from '@byline/domain/claims/record-proof';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import { relayStoreOutbox } from '../../src/store/relay-store-outbox';
import { addProvenArticle, contractArticle, newJournalist, proveClaim } from './journalist-contract';

/**
 * The promises of ProfileErasure.withdrawFromLookups and ProfileErasure.erase (a person deleting their account), for stores made
 * by `factory`. Run on every database by packages/shared/test/contracts/profile-erasure.test.ts.
 */
export function profileErasureContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  /** A verified journalist answering both lookups, with a re-checked website proof and a history. */
  async function answeringJournalist(handle: string, path: string) {
    const made = await newJournalist(repositories(), `@${handle}`);
    const { profile, user } = made;
    await proveClaim(repositories(), profile.id, 'twitter', `@${handle}`);
    const site = await recordProof(repositories().claims, {
      profileId: profile.id,
      kind: 'website',
      value: `https://${handle}.example.org/`,
      evidence: {
        method: 'rel-me',
        provider: { id: 'urn:byline:rel-me', name: 'rel="me" link' },
        provenValue: `https://${handle}.example.org/`,
        by: 'byline:rel-me check',
        nextCheckAt: '2030-01-02T00:00:00.000Z',
      },
    });
    if (!site.ok) throw new Error(`website not proven: ${site.reason}`);
    await addProvenArticle(repositories(), profile.id, contractArticle(path));
    await repositories().verification.request(profile.id, user.email);
    await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await repositories().verification.request(profile.id, user.email);
    const evidenceId = site.claim.evidence[0]!.id;
    return { ...made, evidenceId };
  }
  const answers = async (handle: string, path: string) => [
    await repositories().store.journalistAnswer('twitter', handle),
    await repositories().store.articleAnswer(`https://news.example.org/${path}`),
  ];

  it('withdraws a profile from both lookups in one write, keeping its records', async () => {
    const { profile } = await answeringJournalist('leaving_soon', 'leaving-soon');
    expect((await answers('leaving_soon', 'leaving-soon')).every((answer) => answer !== null)).toBe(true);

    expect(await repositories().profileErasure.withdrawFromLookups(profile.id)).toBe(true);
    expect(await answers('leaving_soon', 'leaving-soon')).toEqual([null, null]);
    expect(await repositories().store.findAuthorBySocialHandle('twitter', 'leaving_soon')).toBeNull();
    expect((await repositories().profiles.findById(profile.id))?.verified).toBe(false);
    expect(await repositories().articles.list(profile.id)).toHaveLength(1);
    expect(await repositories().profileErasure.withdrawFromLookups(999_999)).toBe(false);
  });

  it('erases a profile with everything hanging on it, and nothing of anyone else', async () => {
    const leaving = await answeringJournalist('leaving_now', 'leaving-now');
    const staying = await answeringJournalist('staying_on', 'staying-on');
    const id = leaving.profile.id;
    await repositories().attributionDomains.setDomains(id, ['leaving.example'], new Date());
    await repositories().attributionDomains.setDomains(staying.profile.id, ['staying.example'], new Date());

    expect(await repositories().profileErasure.erase(id)).toBe(true);
    expect(await repositories().attributionDomains.domainsOf(id)).toEqual([]);
    expect(await repositories().attributionDomains.domainsOf(staying.profile.id)).toEqual(['staying.example']);
    expect(await answers('leaving_now', 'leaving-now')).toEqual([null, null]);
    expect(await repositories().profiles.findById(id)).toBeNull();
    expect(await repositories().claims.claimsOf(id)).toEqual([]);
    expect(await repositories().claims.claimsOfKey('twitter', 'leaving_now')).toEqual([]);
    expect(await repositories().articles.list(id)).toEqual([]);
    expect(await repositories().audit.historyOf(id)).toEqual([]);
    expect(await repositories().verification.pendingOf(id)).toBeNull();
    expect((await repositories().verification.pending()).map((request) => request.profileId)).toEqual([staying.profile.id]);
    expect(await repositories().queue.find(RECHECK_TOPIC, String(leaving.evidenceId))).toBeNull();
    expect((await repositories().users.findByEmail(leaving.user.email))?.profileId).toBeNull();

    // The other journalist answers as before, with every record of theirs.
    expect((await answers('staying_on', 'staying-on')).every((answer) => answer !== null)).toBe(true);
    expect(await repositories().queue.find(RECHECK_TOPIC, String(staying.evidenceId))).not.toBeNull();
    expect(await repositories().claims.claimsOf(staying.profile.id)).toHaveLength(2);
    expect(await repositories().audit.historyOf(staying.profile.id)).toHaveLength(3);

    expect(await repositories().profileErasure.erase(id)).toBe(false);
  });

  it("drops the queued events about the profile but its unverification, and keeps a neighbour's whose slug starts the same", async () => {
    const leaving = await answeringJournalist('leaving_now', 'leaving-now');
    const staying = await answeringJournalist('staying_on', 'staying-on');
    expect(staying.profile.profile_slug.startsWith(leaving.profile.profile_slug)).toBe(true);

    expect(await repositories().profileErasure.erase(leaving.profile.id)).toBe(true);
    const { store, queue } = repositories();
    await relayStoreOutbox(store.database);
    const queued = await takeQueuedWebhookEvents(queue);
    const typesAbout = (slug: string) =>
      queued.map((event) => event.payload).flatMap(({ type, data }) => ((data as { slug?: string }).slug === slug ? [type] : []));
    expect(typesAbout(leaving.profile.profile_slug)).toEqual(['journalist.unverified']);
    expect(typesAbout(staying.profile.profile_slug)).toContain('journalist.verified');
  });
}
