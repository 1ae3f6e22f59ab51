import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ArticleInput, Store } from '@byline/shared';
import { ARTICLE_CHECK_TOPIC, EDITOR_PROVIDER, MongoStore, SqliteStore, backendOf, proveArticle } from '@byline/editorial';
import { anArticle, profileFields, testMongoUri, uniqueDatabaseName } from '@byline/test-support';

const STEP = '028-check-migrated-article-claims';

/**
 * Data step 028 on each store: the claims migration 026 left unchecked get one check item each for the worker,
 * proven articles none. The step is made to run again by forgetting it ran and its items, then reopening the store.
 */
async function claimsOf(store: Store) {
  const backend = backendOf(store);
  const user = await backend.users.create(
    { email: `m${Date.now()}@example.org`, passwordHash: 'x', role: 'journalist' },
    new Date(),
  );
  const profile = await backend.profiles.save(
    user.id,
    profileFields({ profile_last_name: 'Migrated' }),
    `migrated-${Date.now()}`,
  );
  const add = async (link: string) =>
    (await backend.articles.add(profile.id, anArticle({ link, active: true }) as ArticleInput)).article.id;
  const unchecked = await add('https://news.example.org/unchecked');
  const proven = await add('https://news.example.org/proven');
  const evidence = { method: 'editor-attestation' as const, provider: EDITOR_PROVIDER, by: 'editor:ed@example.org' };
  await proveArticle(backend.articles, { profileId: profile.id, articleId: proven, evidence }, 'ed@example.org');
  return { profileId: profile.id, unchecked, proven };
}

async function expectQueued(store: Store, { profileId, unchecked, proven }: Awaited<ReturnType<typeof claimsOf>>) {
  const { queue } = backendOf(store);
  expect(await queue.find(ARTICLE_CHECK_TOPIC, String(unchecked))).toMatchObject({ payload: { profileId }, holder: null });
  expect(await queue.find(ARTICLE_CHECK_TOPIC, String(proven))).toBeNull();
}

describe('data step 028 (embedded store): unchecked article claims queued for the worker', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-migration-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('queues each unchecked claim once', async () => {
    const file = path.join(dir, 'byline.sqlite');
    const store = new SqliteStore(file);
    const articles = await claimsOf(store);
    await store.close();
    const db = new Database(file);
    db.exec(`DELETE FROM queue_items; DELETE FROM schema_migrations WHERE name = '${STEP}';`);
    db.close();

    const reopened = new SqliteStore(file);
    try {
      await expectQueued(reopened, articles);
    } finally {
      await reopened.close();
    }
  });
});

const uri = testMongoUri();
(uri ? describe : describe.skip)('data step 028 (mongodb store): unchecked article claims queued for the worker', () => {
  it('queues each unchecked claim once', async () => {
    const dbName = uniqueDatabaseName();
    const store = MongoStore.open(uri!, { dbName });
    await store.ping();
    const articles = await claimsOf(store);
    await store.db.collection('queue_items').deleteMany({});
    await store.db.collection('schema_migrations').deleteOne({ _id: STEP as never });
    await store.close();

    const reopened = MongoStore.open(uri!, { dbName });
    try {
      await reopened.ping();
      await expectQueued(reopened, articles);
    } finally {
      await reopened.db.dropDatabase();
      await reopened.close();
    }
  });
});
