import { freshBackendPerTest, type StoreFactory } from '@byline/test-support';
import { addProvenArticle, contractArticle, newJournalist } from '../profiles/journalist-contract';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The promises of the OutletDigests port; run on every database by packages/shared/test/contracts/outlet-digests.test.ts. */
export function outletDigestsContract(factory: StoreFactory): void {
  const backend = freshBackendPerTest(factory);

  /** A journalist who joined the publisher's staff at `minute`, verified unless said otherwise. */
  async function staffMember(publisherId: number, minute: number, { verified = true } = {}) {
    const { profile } = await newJournalist(backend());
    if (verified) {
      await backend().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    }
    const invited = (await backend().staff.invite(publisherId, { profileId: profile.id }, 'admin', T0))!;
    await backend().staff.accept(invited.id, profile.id, later(minute));
    return { ...profile, affiliationId: invited.id };
  }

  const article = (link: string, day: number) => ({
    ...contractArticle(link),
    link,
    published_at: `2024-02-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  });

  it('shows up to three verified staff, the latest to join first, and none who left or are not verified', async () => {
    const { id } = (await backend().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', T0))!;
    const first = await staffMember(id, 1);
    const second = await staffMember(id, 2);
    await staffMember(id, 3, { verified: false });
    const fourth = await staffMember(id, 4);
    const fifth = await staffMember(id, 5);
    const digest = async () => (await backend().outletDigests.digestOf(id)).journalists.map((p) => p.id);
    expect(await digest()).toEqual([fifth.id, fourth.id, second.id]);
    await backend().staff.end(fifth.affiliationId, 'admin', 'left', later(6));
    expect(await digest()).toEqual([fourth.id, second.id, first.id]);
    const other = (await backend().publishers.create({ slug: 'other', name: 'Other' }, 'admin', T0))!;
    expect((await backend().outletDigests.digestOf(other.id)).journalists).toEqual([]);
  });

  it('shows the three latest active articles of its verified staff on its proven domains, with who wrote them', async () => {
    const { id } = (await backend().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', T0))!;
    for (const domain of ['outlet.example', 'pending.example'])
      await backend().publishers.addDomain(id, domain, 'token', 'admin', T0);
    const proof = { outcome: 'proven', method: 'dns-txt', at: T0.toISOString() } as const;
    await backend().publishers.recordCheck(id, 'outlet.example', proof, null);
    const writer = await staffMember(id, 1);
    const unverified = await staffMember(id, 2, { verified: false });
    const { profile: outsider } = await newJournalist(backend());
    await addProvenArticle(backend(), writer.id, article('https://outlet.example/one', 1));
    await addProvenArticle(backend(), writer.id, article('https://news.outlet.example/two', 2));
    await addProvenArticle(backend(), writer.id, article('https://elsewhere.example/three', 9));
    await addProvenArticle(backend(), writer.id, article('https://outlet.example/four', 4));
    await addProvenArticle(backend(), writer.id, article('https://outlet.example/five', 5));
    await addProvenArticle(backend(), writer.id, article('https://notoutlet.example/six', 8));
    await addProvenArticle(backend(), unverified.id, article('https://outlet.example/seven', 7));
    await addProvenArticle(backend(), outsider.id, article('https://outlet.example/eight', 6));
    await addProvenArticle(backend(), writer.id, article('https://pending.example/nine', 10));
    const { articles } = await backend().outletDigests.digestOf(id);
    expect(articles.map(({ article, authorSlug }) => [article.link, authorSlug])).toEqual([
      ['https://outlet.example/five', writer.profile_slug],
      ['https://outlet.example/four', writer.profile_slug],
      ['https://news.outlet.example/two', writer.profile_slug],
    ]);
  });
}
