import { canonicalizeUrl } from '@byline/shared';
import { aProfile, anArticle, seed, storeFactories } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';

describe.each(storeFactories())('verify_article answers read together ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('gives each address the answer it has alone, in the order asked, repeats and misses included', async () => {
    const [first, second, unverified] = [
      aProfile({ articles: [anArticle(), anArticle()] }),
      aProfile(),
      aProfile({ verified: false }),
    ];
    await seed(store(), first, second, unverified);
    const urls = [
      canonicalizeUrl(second.articles[0]!.link),
      'https://unknown.example/nobody-wrote-this',
      canonicalizeUrl(first.articles[0]!.link),
      canonicalizeUrl(unverified.articles[0]!.link),
      canonicalizeUrl(second.articles[0]!.link),
      canonicalizeUrl(first.articles[1]!.link),
    ];

    const together = await store().taggedArticleAnswers(urls);

    const alone = await Promise.all(urls.map((url) => store().taggedArticleAnswer(url)));
    expect(together).toEqual(alone);
    expect(together.map((answer) => answer !== null)).toEqual([true, false, true, false, true, true]);
  });

  it('answers nothing for no addresses', async () => {
    await expect(store().taggedArticleAnswers([])).resolves.toEqual([]);
  });
});
