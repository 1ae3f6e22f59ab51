import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { renderAnswers } from '@byline/domain/domain/rendered-answers';
import { type MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { anArticle, aProfile, expectAnswersInStep, mongoTestStore, seed, testMongoUri } from '@byline/test-support';

/*
 * What the store contract cannot see: an answer rendered on read equals one stored at import, so only the
 * documents show whether an import stored each profile's derived fields (its count and rendered answers)
 * or left every lookup to render them (two more queries each, slow on FerretDB).
 */
const uri = testMongoUri();
const describeWithMongo = uri ? describe : describe.skip;

describeWithMongo('MongoDB import: derived fields stored on the profile documents', () => {
  let store: MongoStore;
  beforeEach(async () => {
    store = await mongoTestStore(uri!);
  });
  afterEach(async () => {
    await expectAnswersInStep(store);
    await store.close();
  });

  const profileDoc = (slug: string) => store.db.collection('profiles').findOne({ slug });

  /** The stored fields equal what a lookup renders from the profile and its articles as read now. */
  async function expectStoredInStep(slug: string, anyArticleLink: string) {
    const view = (await store.findAuthorOfArticle(canonicalizeUrl(anyArticleLink)))!;
    expect(view.profile.profile_slug).toBe(slug);
    const doc = await profileDoc(slug);
    expect({ count: doc?.active_article_count, answers: doc?.answers }).toEqual({
      count: view.activeArticleCount,
      // the v1 answers as rendered from the view; v2's beside them once the import re-rendered it with its evidence
      answers: expect.objectContaining(renderAnswers(view)),
    });
    return view;
  }

  it('stores them for the profiles a first import creates: latest three active, ties newest id first', async () => {
    const tie = '2024-02-02T02:00:00.000Z';
    const articles = [
      anArticle({ published_at: '2024-01-01T00:00:00.000Z' }),
      anArticle({ published_at: tie }),
      anArticle({ published_at: tie }),
      anArticle({ published_at: '2025-01-01T00:00:00.000Z', active: false }),
      anArticle({ published_at: '2023-01-01T00:00:00.000Z' }),
    ];
    const many = aProfile({ articles });
    const noArticles = aProfile({ articles: [] });
    const unverified = aProfile({ verified: false });
    await seed(store, many, noArticles, unverified);

    const view = await expectStoredInStep(many.profile_slug, articles[0]!.link);
    expect(view.activeArticleCount).toBe(4);
    expect(view.latestArticles.map((a) => a.link)).toEqual([articles[2]!.link, articles[1]!.link, articles[0]!.link]);
    await expectStoredInStep(unverified.profile_slug, unverified.articles[0]!.link);
    expect(await profileDoc(noArticles.profile_slug)).toMatchObject({ active_article_count: 0, answers: expect.any(Object) });
  });

  it('stores them for a new profile that imports a stored one’s article too (co-authors), and leaves the other’s', async () => {
    const shared = anArticle({ published_at: '2024-06-01T00:00:00.000Z' });
    const first = aProfile({ articles: [shared, anArticle()] });
    await seed(store, first);
    const second = aProfile({ articles: [shared, anArticle({ published_at: '2020-01-01T00:00:00.000Z' })] });
    await seed(store, second);

    const view = await expectStoredInStep(second.profile_slug, second.articles[1]!.link);
    expect(view.latestArticles.map((a) => a.link)).toEqual(second.articles.map((a) => a.link));
    const other = await expectStoredInStep(first.profile_slug, first.articles[1]!.link);
    expect(other.activeArticleCount).toBe(2);
    // Both imported by the operator, placed nowhere on the page: the profile imported first answers for it.
    expect((await store.findAuthorOfArticle(canonicalizeUrl(shared.link)))!.profile.profile_slug).toBe(first.profile_slug);
  });

  it('recovers when a reserved profile id was handed out twice (FerretDB counters are not atomic)', async () => {
    const first = aProfile();
    await seed(store, first);
    // As if another process had reserved the same id: the next reservation repeats the first profile's.
    await store.db.collection<{ _id: string; seq: number }>('counters').updateOne({ _id: 'profiles' }, { $inc: { seq: -1 } });
    const second = aProfile();
    await seed(store, second);

    const firstView = await expectStoredInStep(first.profile_slug, first.articles[0]!.link);
    const secondView = await expectStoredInStep(second.profile_slug, second.articles[0]!.link);
    expect(secondView.profile.id).not.toBe(firstView.profile.id);
    expect(secondView.latestArticles.every((a) => a.profile_id === secondView.profile.id)).toBe(true);
    expect(firstView.latestArticles.every((a) => a.profile_id === firstView.profile.id)).toBe(true);
  });
});
