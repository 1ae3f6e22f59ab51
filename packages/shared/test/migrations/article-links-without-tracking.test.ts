import type { ArticleInput } from '@byline/domain/domain/types';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, expectAnswersInStep, savedJournalist } from '@byline/test-support';
import { madeThenForgotten, reopenablePerTest, reopenableStores } from '../store-contract/reopenable-store';

const STEP = '045-article-links-without-tracking';

/**
 * Data step 045 on each store: article links stored with tracking parameters (before the portal dropped them) lose
 * them, other parameters and the article's identity kept, and the answers that show the link are re-rendered. The
 * step is made to run again by forgetting it ran, then reopening.
 */
async function storedWithTracking(store: Store) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, `tracked-${Date.now()}`);
  const add = async (link: string) => {
    const { article } = await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput);
    const evidence = { method: 'authorship-attested' as const, provider: AUTHORSHIP_PROVIDER, by: 'byline:authorship check' };
    await proveArticle(repositories.articles, { profileId: profile.id, articleId: article.id, evidence });
  };
  await add('https://news.example/a?utm_source=x&page=2&fbclid=abc');
  await add('https://news.example/b?gclid=1');
  await add('https://news.example/c?id=7#comments');
  return { profileId: profile.id };
}

describe.each(reopenableStores())('data step 045 ($name store): article links without tracking parameters', ({ make }) => {
  const target = reopenablePerTest(make);

  it('drops them from stored links, keeps the rest, and re-renders the answers', async () => {
    const { profileId } = await madeThenForgotten(target, STEP, storedWithTracking);
    const store = target.open();
    const links = (await repositoriesOf(store).articles.claimsOf(profileId)).map((claim) => claim.article.link).sort();
    expect(links).toEqual(['https://news.example/a?page=2', 'https://news.example/b', 'https://news.example/c?id=7#comments']);
    await expectAnswersInStep(store);
  });
});
