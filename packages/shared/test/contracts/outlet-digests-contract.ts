import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { addProvenArticle, contractArticle, newJournalist } from './journalist-contract';
import { renderOutlet } from '@byline/domain/outlets/outlet-answers';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The promises of the OutletDigests port; run on every database by packages/shared/test/contracts/outlet-digests.test.ts. */
export function outletDigestsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);

  /** A journalist who joined the publisher's staff at `minute`, verified unless said otherwise. */
  async function staffMember(publisherId: number, minute: number, { verified = true } = {}) {
    const { profile } = await newJournalist(repositories());
    if (verified) {
      await repositories().verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
    }
    const invited = (await repositories().staff.invite(publisherId, { profileId: profile.id }, 'admin', T0))!;
    await repositories().staff.accept(invited.id, profile.id, later(minute));
    return { ...profile, affiliationId: invited.id };
  }

  const article = (link: string, day: number) => ({
    ...contractArticle(link),
    link,
    published_at: `2024-02-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  });

  it('shows up to three verified staff, the latest to join first, and none who left or are not verified', async () => {
    const { id } = (await repositories().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', T0))!;
    const first = await staffMember(id, 1);
    const second = await staffMember(id, 2);
    await staffMember(id, 3, { verified: false });
    const fourth = await staffMember(id, 4);
    const fifth = await staffMember(id, 5);
    const digest = async () => (await repositories().outletDigests.digestOf(id)).journalists.map((p) => p.id);
    expect(await digest()).toEqual([fifth.id, fourth.id, second.id]);
    await repositories().staff.end(fifth.affiliationId, 'admin', 'left', later(6));
    expect(await digest()).toEqual([fourth.id, second.id, first.id]);
    const other = (await repositories().publishers.create({ slug: 'other', name: 'Other' }, 'admin', T0))!;
    expect((await repositories().outletDigests.digestOf(other.id)).journalists).toEqual([]);
  });

  it('shows the three latest active articles of its verified staff on its proven domains, with who wrote them', async () => {
    const { id } = (await repositories().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', T0))!;
    for (const domain of ['outlet.example', 'pending.example'])
      await repositories().publisherDomains.addDomain(id, domain, 'token', 'admin', T0);
    const proof = { outcome: 'proven', method: 'dns-txt', at: T0.toISOString() } as const;
    await repositories().publisherDomains.recordCheck(id, 'outlet.example', proof, null);
    const writer = await staffMember(id, 1);
    const unverified = await staffMember(id, 2, { verified: false });
    const { profile: outsider } = await newJournalist(repositories());
    await addProvenArticle(repositories(), writer.id, article('https://outlet.example/one', 1));
    await addProvenArticle(repositories(), writer.id, article('https://news.outlet.example/two', 2));
    await addProvenArticle(repositories(), writer.id, article('https://elsewhere.example/three', 9));
    await addProvenArticle(repositories(), writer.id, article('https://outlet.example/four', 4));
    await addProvenArticle(repositories(), writer.id, article('https://outlet.example/five', 5));
    await addProvenArticle(repositories(), writer.id, article('https://notoutlet.example/six', 8));
    await addProvenArticle(repositories(), unverified.id, article('https://outlet.example/seven', 7));
    await addProvenArticle(repositories(), outsider.id, article('https://outlet.example/eight', 6));
    await addProvenArticle(repositories(), writer.id, article('https://pending.example/nine', 10));
    const { articles } = await repositories().outletDigests.digestOf(id);
    expect(articles.map(({ article, authorSlug }) => [article.link, authorSlug])).toEqual([
      ['https://outlet.example/five', writer.profile_slug],
      ['https://outlet.example/four', writer.profile_slug],
      ['https://news.outlet.example/two', writer.profile_slug],
    ]);
  });

  it('its v2 answers are rendered again whenever what they show changes', async () => {
    const { publishers, staff, articles, publisherDomains, publisherHistory } = repositories();
    const { id } = (await publishers.create({ slug: 'gazette', name: 'Gazette' }, 'admin', T0))!;
    /** What the store serves for the host, and what it would render from what is stored now: always the same. */
    const servedFor = async (host: string) => {
      const served = await publisherDomains.outletFor(host);
      const match = await publisherDomains.matchHost(host);
      if (!match) {
        expect(served).toBeNull();
        return null;
      }
      expect(served).toEqual({
        publisherId: id,
        attribution: match.publisher.attribution,
        rendered: renderOutlet(match, await repositories().outletDigests.digestOf(id)),
      });
      return JSON.parse(served!.rendered!.outlet.json) as {
        type: string;
        journalists?: { slug: string }[];
        articles?: unknown[];
      };
    };
    await publisherDomains.addDomain(id, 'gazette.example', 'token', 'admin', T0);
    await publisherDomains.recordCheck(
      id,
      'gazette.example',
      { outcome: 'proven', method: 'dns-txt', at: T0.toISOString() },
      null,
    );
    expect(await servedFor('news.gazette.example')).toBeNull(); // not verified yet
    await publishers.setVerified(id, true, 'ed@example.org', '', later(1));
    expect((await servedFor('news.gazette.example'))?.type).toBe('domain_verified');
    const writer = await staffMember(id, 2);
    expect((await servedFor('gazette.example'))?.journalists?.map((j) => j.slug)).toEqual([writer.profile_slug]);
    const added = await addProvenArticle(repositories(), writer.id, article('https://gazette.example/story', 3));
    expect((await servedFor('gazette.example'))?.type).toBe('domain_verified_plus');
    const story = article('https://gazette.example/story', 3);
    expect(await articles.update(writer.id, added.article.id, { ...story, active: false }, new Date())).toBe(true);
    expect((await servedFor('gazette.example')) as unknown).toMatchObject({ articles: [] });
    await publishers.update(id, { name: 'The Gazette', attribution: false }, later(3));
    await servedFor('gazette.example');
    await publisherHistory.setTrust(id, null, later(4));
    await servedFor('gazette.example');
    await repositories().verification.decide({ profileId: writer.id, actor: 'ed@example.org', action: 'unverified', note: '' });
    expect((await servedFor('gazette.example'))?.journalists ?? []).toEqual([]);
    await repositories().verification.decide({ profileId: writer.id, actor: 'ed@example.org', action: 'verified', note: '' });
    expect((await servedFor('gazette.example'))?.journalists?.map((j) => j.slug)).toEqual([writer.profile_slug]);
    await staff.end(writer.affiliationId, 'admin', 'left', later(5));
    expect((await servedFor('gazette.example'))?.type).toBe('domain_verified');
    await publisherDomains.recordCheck(
      id,
      'gazette.example',
      { outcome: 'lapsed', failure: 'gone', at: later(6).toISOString() },
      null,
    );
    expect(await servedFor('gazette.example')).toBeNull();
  });
}
