import type { ArticleInput } from '@byline/domain/domain/types';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { ARTICLE_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { anArticle, savedJournalist } from '@byline/test-support';
import { andThen, forgetting, reopenablePerTest, reopenableStores } from '../store-contract/reopenable-store';

const STEP = '028-check-migrated-article-claims';

/**
 * Data step 028 on each store: the claims migration 026 left unchecked get one check item each for the worker,
 * proven articles none. The step is made to run again by forgetting it ran and its items, then reopening the store.
 */
async function claimsOf(store: Store) {
  const repositories = repositoriesOf(store);
  const profile = await savedJournalist(repositories, `migrated-${Date.now()}`, { profile_last_name: 'Migrated' });
  const add = async (link: string) =>
    (await repositories.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput)).article.id;
  const unchecked = await add('https://news.example.org/unchecked');
  const proven = await add('https://news.example.org/proven');
  const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
  await proveArticle(repositories.articles, { profileId: profile.id, articleId: proven, evidence });
  return { profileId: profile.id, unchecked, proven };
}

async function expectQueued(store: Store, { profileId, unchecked, proven }: Awaited<ReturnType<typeof claimsOf>>) {
  const { queue } = repositoriesOf(store);
  expect(await queue.find(ARTICLE_CHECK_TOPIC, String(unchecked))).toMatchObject({ payload: { profileId }, holder: null });
  expect(await queue.find(ARTICLE_CHECK_TOPIC, String(proven))).toBeNull();
}

/** As before step 028 ran: no check items queued, the step not recorded. */
const before028 = andThen(
  {
    sqlite: (db) => db.exec('DELETE FROM queue_items'),
    mongodb: async (db) => {
      await db.collection('queue_items').deleteMany({});
    },
  },
  forgetting(STEP),
);

describe.each(reopenableStores())('data step 028 ($name store): unchecked article claims queued for the worker', ({ make }) => {
  const target = reopenablePerTest(make);

  it('queues each unchecked claim once', async () => {
    const store = target.open();
    const articles = await claimsOf(store);
    await store.close();
    await target.rewind(before028);
    await expectQueued(target.open(), articles);
  });
});
