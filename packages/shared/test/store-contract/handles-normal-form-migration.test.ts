import Database from 'better-sqlite3';
import { MongoStore, SqliteStore, type Store } from '@byline/shared';
import {
  aProfile,
  expectAnswersInStep,
  seed,
  storeHandleAsBeforeTheRules,
  tempDir,
  testMongoUri,
  uniqueDatabaseName,
} from '@byline/test-support';

const MIGRATION = '013-social-handles-normal-form';

/** A store that can be closed and opened again as if this migration had never run on it. */
interface ReopenableStore {
  name: string;
  open(): Store;
  /** Forgets that the migration ran (the store must be closed). */
  undoMigrationRecord(): Promise<void>;
  dispose(): Promise<void>;
}

function embedded(): ReopenableStore {
  const file = `${tempDir('byline-handles-migration-')}/byline.sqlite`;
  return {
    name: 'embedded',
    open: () => new SqliteStore(file),
    undoMigrationRecord: async () => {
      const db = new Database(file);
      db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(MIGRATION);
      db.close();
    },
    dispose: async () => undefined,
  };
}

function mongodb(uri: string): ReopenableStore {
  const dbName = uniqueDatabaseName();
  const open = () => MongoStore.open(uri, { dbName });
  return {
    name: 'mongodb',
    open,
    undoMigrationRecord: async () => {
      const store = open();
      try {
        await store.ping();
        await store.db.collection('schema_migrations').deleteOne({ _id: MIGRATION as never });
      } finally {
        await store.close();
      }
    },
    dispose: async () => {
      const store = open();
      await store.db.dropDatabase().catch(() => undefined);
      await store.close();
    },
  };
}

const kinds: { name: string; make: () => ReopenableStore }[] = [{ name: 'embedded', make: embedded }];
const mongoUri = testMongoUri();
if (mongoUri) kinds.push({ name: 'mongodb', make: () => mongodb(mongoUri) });

describe.each(kinds)('stored handles get the normal form when the store is next opened ($name store)', ({ make }) => {
  let target: ReopenableStore;
  let store: Store | undefined;
  beforeEach(() => {
    target = make();
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await target.dispose();
  });

  it('rewrites profile addresses to usernames, re-renders the answers and keeps what it cannot rewrite', async () => {
    const portalMade = aProfile();
    const holder = aProfile({
      profile_social_profiles: { twitter: '', facebook: '100012345678902', linkedin: '', instagram: '' },
    });
    const blocked = aProfile({ profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' } });
    store = target.open();
    await seed(store, portalMade, holder, blocked);
    // As the portal stored them before the rules: addresses as typed, and keys from the old reduction.
    const slug = portalMade.profile_slug;
    await storeHandleAsBeforeTheRules(store, slug, 'linkedin', 'https://www.linkedin.com/in/Aoife-Brennan/');
    await storeHandleAsBeforeTheRules(store, slug, 'twitter', 'https://x.com/AoifeB');
    await storeHandleAsBeforeTheRules(
      store,
      slug,
      'facebook',
      'https://www.facebook.com/profile.php?id=100012345678901',
      'profile.php',
    );
    await storeHandleAsBeforeTheRules(store, slug, 'instagram', 'javascript:alert(5)');
    const people = 'https://www.facebook.com/people/Someone/100012345678902';
    await storeHandleAsBeforeTheRules(store, blocked.profile_slug, 'facebook', people, 'people');
    await store.close();
    await target.undoMigrationRecord();

    store = target.open();

    const view = await store.findAuthorBySocialHandle('linkedin', 'aoife-brennan');
    expect(view!.profile.profile_social_profiles).toEqual({
      linkedin: 'Aoife-Brennan',
      twitter: 'AoifeB',
      facebook: '100012345678901',
      instagram: 'javascript:alert(5)', // refused by the rules today, but data is never deleted
    });
    expect(JSON.parse((await store.journalistAnswer('linkedin', 'aoife-brennan'))!).profile_social_profiles).toEqual({
      linkedin: 'Aoife-Brennan',
    });
    expect((await store.findAuthorBySocialHandle('facebook', '100012345678901'))!.profile.profile_slug).toBe(slug);
    expect(await store.findAuthorBySocialHandle('facebook', 'profile.php')).toBeNull();
    // The username it would become is another profile's: left as it was, still found as before.
    const stillBlocked = await store.findAuthorBySocialHandle('facebook', 'people');
    expect(stillBlocked!.profile.profile_social_profiles.facebook).toBe(people);
    expect((await store.findAuthorBySocialHandle('facebook', '100012345678902'))!.profile.profile_slug).toBe(holder.profile_slug);
    await expectAnswersInStep(store);
  });
});
