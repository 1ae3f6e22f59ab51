import { directoryOver } from '@byline/domain/directory/directory-over';
import type { DirectoryCard, SharedArticle, SharedClaim, StoredDirectory } from '@byline/domain/directory/stored-directory';

const card = (profileId: number, firstName = 'Niamh', lastName = 'Cassidy'): DirectoryCard => ({
  profileId,
  slug: `p-${profileId}`,
  firstName,
  lastName,
  employer: 'The Ledger',
  verified: false,
});

/** The reads as a store would answer them, recording what the rules asked for. */
function storedWith(answers: { names?: DirectoryCard[]; claims?: SharedClaim[]; articles?: SharedArticle[] }) {
  const asked: unknown[] = [];
  const stored: StoredDirectory = {
    page: () => Promise.reject(new Error('not read here')),
    cards: (ids) => Promise.resolve(ids.map((id) => card(id, id === 1 ? '  NIAMH ' : 'Other'))),
    sameNames: (profileId, folded, limit) => {
      asked.push({ profileId, folded, limit });
      return Promise.resolve(answers.names ?? []);
    },
    sharedClaims: () => Promise.resolve(answers.claims ?? []),
    sharedArticles: (profileId, except) => {
      asked.push({ profileId, except });
      return Promise.resolve(answers.articles ?? []);
    },
  };
  return { directory: directoryOver(stored), asked };
}

describe('look-alikes, decided above the stores', () => {
  it('asks for the folded names, and merges every reason for one profile into one entry, by id', async () => {
    const { directory, asked } = storedWith({
      names: [card(7)],
      claims: [
        { profileId: 9, kind: 'twitter', value: '@niamh' },
        { profileId: 7, kind: 'website', value: 'https://niamh.example' },
        { profileId: 7, kind: 'twitter', value: '@NIAMH' },
      ],
      articles: [{ profileId: 7, canonicalUrl: 'https://news.example/a', provenHere: false, provenThere: true }],
    });
    const found = await directory.lookalikesOf(1);
    expect(asked).toEqual([
      { profileId: 1, folded: { firstName: 'niamh', lastName: 'cassidy', employer: 'the ledger' }, limit: 20 },
      { profileId: 1, except: 'released' },
    ]);
    expect(
      found.map(({ profileId, reasons, sharedClaims, sharedArticles }) => [profileId, reasons, sharedClaims, sharedArticles]),
    ).toEqual([
      [
        7,
        ['name-and-employer', 'same-claim', 'same-article'],
        [
          { kind: 'website', value: 'https://niamh.example' },
          { kind: 'twitter', value: '@NIAMH' },
        ],
        ['https://news.example/a'],
      ],
      [9, ['same-claim'], [{ kind: 'twitter', value: '@niamh' }], []],
    ]);
  });

  it('leaves out an address both have proven (co-authors), and lists at most twenty', async () => {
    const articles: SharedArticle[] = Array.from({ length: 30 }, (_, i) => ({
      profileId: 100 + i,
      canonicalUrl: `https://news.example/${i}`,
      provenHere: true,
      provenThere: i % 2 === 0,
    }));
    const found = await storedWith({ articles }).directory.lookalikesOf(1);
    expect(found.map((lookalike) => lookalike.profileId)).toEqual(Array.from({ length: 15 }, (_, i) => 101 + 2 * i));
    const many = articles.map((article) => ({ ...article, provenThere: false }));
    expect(await storedWith({ articles: many }).directory.lookalikesOf(1)).toHaveLength(20);
  });
});
