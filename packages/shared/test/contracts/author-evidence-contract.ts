import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import { addProvenArticle, contractArticle, newJournalist, proveClaim } from './journalist-contract';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

/** The promises of the AuthorEvidence port; run on every database by packages/shared/test/contracts/author-evidence.test.ts. */
export function authorEvidenceContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  /** A journalist whose profile is verified, so the verifiers answer for it (and its rendered answers are served). */
  const verifiedJournalist = async (twitter?: string) => {
    const made = await newJournalist(repositories(), twitter);
    expect(await setVerifiedByOperator(repositories(), made.profile.profile_slug, true, { reason: 'Arranged by the test' })).toBe(
      'done',
    );
    return made;
  };
  /**
   * The author's live evidence; and the v2 answer the store rendered when the evidence last changed must show exactly
   * it (every write that changes evidence re-renders the author's answers).
   */
  const evidenceOf = async (path: string) => {
    const url = `https://news.example.org/${path}`;
    const live = await repositories().authorEvidence.ofArticleAuthor(url);
    const rendered = await repositories().store.taggedArticleV2Answer(url);
    if (live === null) expect(rendered).toBeNull();
    else expect((JSON.parse(rendered!.json) as { evidence: unknown }).evidence).toEqual(live);
    return live;
  };

  it('is null for an address with no active article', async () => {
    const { profile } = await newJournalist(repositories());
    await repositories().articles.add(profile.id, contractArticle('unproven'));
    expect(await evidenceOf('unknown')).toBeNull();
    expect(await evidenceOf('unproven')).toBeNull();
  });

  it('lists the live proofs of the author’s proven claims and active affiliations with verified publishers', async () => {
    const { profile } = await verifiedJournalist('@evidenced');
    await addProvenArticle(repositories(), profile.id, contractArticle('proven'));
    expect(await evidenceOf('proven')).toEqual([]);
    await proveClaim(repositories(), profile.id, 'twitter', '@evidenced');
    const outlet = (await repositories().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', new Date()))!;
    const invited = (await repositories().staff.invite(outlet.id, { profileId: profile.id }, 'admin', new Date()))!;
    await repositories().staff.accept(invited.id, profile.id, new Date('2030-03-01T00:00:00.000Z'));
    // the publisher is not verified yet: its affiliation is no evidence
    expect((await evidenceOf('proven'))!.map((identity) => identity.type)).toEqual(['cawg.social_media']);
    await repositories().publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
    expect(await evidenceOf('proven')).toEqual([
      {
        type: 'cawg.social_media',
        username: 'evidenced',
        uri: 'https://x.com/evidenced',
        provider: { id: 'https://x.example', name: 'X' },
        verifiedAt: expect.any(String),
        method: 'federated_login',
      },
      {
        type: 'cawg.affiliation',
        uri: 'urn:byline:publisher:outlet',
        provider: { id: 'urn:byline:publisher:outlet', name: 'Outlet' },
        verifiedAt: '2030-03-01T00:00:00.000Z',
        method: 'byline_publisher_affiliation',
      },
    ]);
    await repositories().staff.end(invited.id, 'admin', 'left', new Date());
    expect((await evidenceOf('proven'))!.map((identity) => identity.type)).toEqual(['cawg.social_media']);
  });

  it('is rendered again when the publisher vouching for the author changes', async () => {
    const { profile } = await verifiedJournalist('@vouched');
    await addProvenArticle(repositories(), profile.id, contractArticle('vouched'));
    const { publishers, staff, publisherDomains } = repositories();
    const outlet = (await publishers.create({ slug: 'herald', name: 'Herald' }, 'admin', new Date()))!;
    await publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
    const invited = (await staff.invite(outlet.id, { profileId: profile.id }, 'admin', new Date()))!;
    await staff.accept(invited.id, profile.id, new Date('2030-03-01T00:00:00.000Z'));
    const affiliation = async () => (await evidenceOf('vouched'))!.find((identity) => identity.type === 'cawg.affiliation');
    expect((await affiliation())?.uri).toBe('urn:byline:publisher:herald');
    await publisherDomains.addDomain(outlet.id, 'herald.example', 'token', 'admin', new Date());
    const at = new Date().toISOString();
    await publisherDomains.recordCheck(outlet.id, 'herald.example', { outcome: 'proven', method: 'dns-txt', at }, null);
    expect((await affiliation())?.uri).toBe('https://herald.example/');
    await publishers.update(outlet.id, { name: 'The Herald' }, new Date());
    expect((await affiliation())?.provider.name).toBe('The Herald');
    await publisherDomains.recordCheck(outlet.id, 'herald.example', { outcome: 'lapsed', failure: 'gone', at }, null);
    expect((await affiliation())?.uri).toBe('urn:byline:publisher:herald');
    await publishers.setVerified(outlet.id, false, 'ed@example.org', '', new Date());
    expect(await affiliation()).toBeUndefined();
  });
}
