import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { type ProfileInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { anArticle, aProfile, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from '../store-contract/fresh-store';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

async function exported(store: Store): Promise<ProfileInput[]> {
  const all: ProfileInput[] = [];
  for await (const profile of repositoriesOf(store).profileTransfers.export()) all.push(profile);
  return all;
}

describe.each(storeFactories())('store contract: export and profile administration ($name store)', (factory) => {
  const store = freshStorePerTest(factory, { checkAnswers: true });

  it('exports every profile in import order with its articles in import order, inactive ones included', async () => {
    const first = aProfile({ articles: [anArticle({ published_at: '2023-05-01T00:00:00.000Z' }), anArticle({ active: false })] });
    const second = aProfile({ verified: false, articles: [] });
    const records = await seed(store(), first, second);

    const all = await exported(store());

    expect(all).toEqual(records);
    expect(all.map((p) => p.profile_slug)).toEqual([first.profile_slug, second.profile_slug]);
    expect(all[0]!.articles.map((a) => a.link)).toEqual(first.articles.map((a) => a.link));
  });

  it('round-trips: an export imported into an empty store exports the same', async () => {
    await seed(
      store(),
      aProfile({
        profile_bio: 'Écrit en français — 日本語 ✓',
        articles: [anArticle({ post_id: 42, lg_index: 'x', tag_list: [] })],
      }),
      aProfile({ articles: [anArticle({ post_id: 'abc', author_name: 'Guest' }), anArticle()] }),
    );
    const original = await exported(store());
    const copy = await factory.create();
    try {
      await repositoriesOf(copy).profileTransfers.import(original);
      expect(await exported(copy)).toEqual(original);
      expect(await repositoriesOf(copy).profiles.count()).toBe(2);
    } finally {
      await copy.close();
    }
  });

  it('sets the verified flag by slug, and says when no profile has the slug', async () => {
    const profile = aProfile({ verified: false });
    await seed(store(), profile);
    const link = canonicalizeUrl(profile.articles[0]!.link);

    await expect(
      setVerifiedByOperator(repositoriesOf(store()), profile.profile_slug, true, { reason: 'Arranged by the test' }),
    ).resolves.toBe('done');
    expect((await store().findAuthorOfArticle(link))!.profile.verified).toBe(true);
    await expect(
      setVerifiedByOperator(repositoriesOf(store()), profile.profile_slug, false, { reason: 'Arranged by the test' }),
    ).resolves.toBe('done');
    expect((await store().findAuthorOfArticle(link))!.profile.verified).toBe(false);
    await expect(
      setVerifiedByOperator(repositoriesOf(store()), 'nobody-here', true, { reason: 'Arranged by the test' }),
    ).resolves.toBe('no-such-profile');
  });

  it('counts profiles and answers ping', async () => {
    await expect(repositoriesOf(store()).profiles.count()).resolves.toBe(0);
    await seed(store(), aProfile(), aProfile(), aProfile());
    await expect(repositoriesOf(store()).profiles.count()).resolves.toBe(3);
    await expect(store().ping()).resolves.toBeUndefined();
  });
});
