import { freshBackendPerTest, type StoreFactory } from '@byline/test-support';
import { addProvenArticle, contractArticle, newJournalist, proveClaim } from '../profiles/journalist-contract';

/** The promises of the AuthorEvidence port; run on every database by packages/shared/test/contracts/author-evidence.test.ts. */
export function authorEvidenceContract(factory: StoreFactory): void {
  const backend = freshBackendPerTest(factory);
  const evidenceOf = (path: string) => backend().authorEvidence.ofArticleAuthor(`https://news.example.org/${path}`);

  it('is null for an address with no active article', async () => {
    const { profile } = await newJournalist(backend());
    await backend().articles.add(profile.id, contractArticle('unproven'));
    expect(await evidenceOf('unknown')).toBeNull();
    expect(await evidenceOf('unproven')).toBeNull();
  });

  it('lists the live proofs of the author’s proven claims and active affiliations with verified publishers', async () => {
    const { profile } = await newJournalist(backend(), '@evidenced');
    await addProvenArticle(backend(), profile.id, contractArticle('proven'));
    expect(await evidenceOf('proven')).toEqual([]);
    await proveClaim(backend(), profile.id, 'twitter', '@evidenced');
    const outlet = (await backend().publishers.create({ slug: 'outlet', name: 'Outlet' }, 'admin', new Date()))!;
    const invited = (await backend().staff.invite(outlet.id, { profileId: profile.id }, 'admin', new Date()))!;
    await backend().staff.accept(invited.id, profile.id, new Date('2030-03-01T00:00:00.000Z'));
    // the publisher is not verified yet: its affiliation is no evidence
    expect((await evidenceOf('proven'))!.map((identity) => identity.type)).toEqual(['cawg.social_media']);
    await backend().publishers.setVerified(outlet.id, true, 'ed@example.org', '', new Date());
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
    await backend().staff.end(invited.id, 'admin', 'left', new Date());
    expect((await evidenceOf('proven'))!.map((identity) => identity.type)).toEqual(['cawg.social_media']);
  });
}
