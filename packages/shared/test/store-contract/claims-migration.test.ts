import Database from 'better-sqlite3';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import {
  aProfile,
  profileFields,
  expectAnswersInStep,
  seed,
  storeHandleAsBeforeTheRules,
  tempDir,
  testMongoUri,
  uniqueDatabaseName,
} from '@byline/test-support';

const MIGRATION = '015-claims-from-handles';

/** A store that can be closed and opened again as if it had been written before claims existed. */
interface ReopenableStore {
  name: string;
  open(): Store;
  /** Forgets that the migration ran; with `dropClaims`, also every claim and proof (the store must be closed). */
  undoMigration(options: { dropClaims: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

function embedded(): ReopenableStore {
  const file = `${tempDir('byline-claims-migration-')}/byline.sqlite`;
  return {
    name: 'embedded',
    open: () => new SqliteStore(file),
    undoMigration: async ({ dropClaims }) => {
      const db = new Database(file);
      if (dropClaims) db.exec('DELETE FROM evidence; DELETE FROM claims;');
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
    undoMigration: async ({ dropClaims }) => {
      const store = open();
      try {
        await store.ping();
        if (dropClaims) {
          await store.db.collection('evidence').deleteMany({});
          await store.db.collection('claims').deleteMany({});
        }
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

describe.each(kinds)('handles held before claims become claims when the store is next opened ($name store)', ({ make }) => {
  let target: ReopenableStore;
  let store: Store | undefined;
  const closers: (() => Promise<void>)[] = [];
  beforeEach(() => {
    target = make();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await store?.close();
    store = undefined;
    await target.dispose();
  });

  function open(): { store: Store; portal: StoreRepositories; claims: ClaimsRepository } {
    store = target.open();
    const portal = repositoriesOf(store);
    const claims = repositoriesOf(store).claims;
    closers.push(() => claims.close());
    return { store, portal, claims };
  }

  async function reopen(dropClaims: boolean) {
    for (const close of closers.splice(0)) await close();
    await store!.close();
    store = undefined;
    await target.undoMigration({ dropClaims });
    return open();
  }

  it('proves imported and verified handles (answers unchanged) and leaves unverified ones unproven', async () => {
    let { store: opened, portal } = open();
    const [imported] = await seed(opened, aProfile());
    const editor = 'ed@example.org';
    const portalProfile = async (handle: string, verified: boolean) => {
      const user = await repositoriesOf(opened).users.create(
        {
          email: `${handle}@example.org`,
          passwordHash: 'x',
          role: 'journalist',
        },
        new Date(),
      );
      const profile = await portal.profiles.save(user.id, profileFields({ profile_last_name: handle }), handle);
      if (verified) await portal.verification.decide({ profileId: profile.id, actor: editor, action: 'verified', note: '' });
      // As the portal stored a typed handle before claims: in the document, the lookup index and the answers.
      await storeHandleAsBeforeTheRules(opened, profile.profile_slug, 'twitter', handle);
      return profile;
    };
    const verified = await portalProfile('VerifiedBefore', true);
    const unverified = await portalProfile('UnverifiedBefore', false);
    const handles = { imported: imported!.profile_social_profiles.twitter, verified: 'VerifiedBefore' };
    const key = (handle: string) => handle.toLowerCase().replace(/^@/, '');
    const before = {
      imported: await opened.journalistAnswer('twitter', key(handles.imported)),
      verified: await opened.journalistAnswer('twitter', key(handles.verified)),
    };
    expect(before.verified).toContain('"verified":true');
    expect((await opened.findAuthorBySocialHandle('twitter', 'unverifiedbefore'))!.profile.id).toBe(unverified.id);

    let claims: ClaimsRepository;
    ({ store: opened, portal, claims } = await reopen(true));

    expect(await opened.journalistAnswer('twitter', key(handles.imported))).toBe(before.imported);
    expect(await opened.journalistAnswer('twitter', key(handles.verified))).toBe(before.verified);
    const importedId = (await portal.profiles.findBySlug(imported!.profile_slug))!.id;
    const importedClaims = (await claims.claimsOf(importedId)).map((c) => [c.kind, c.state, c.evidence.map((e) => e.by)]);
    expect(importedClaims.sort()).toEqual([
      ['facebook', 'proven', ['operator:byline import (before proofs)']],
      ['instagram', 'proven', ['operator:byline import (before proofs)']],
      ['linkedin', 'proven', ['operator:byline import (before proofs)']],
      ['twitter', 'proven', ['operator:byline import (before proofs)']],
    ]);
    const [attested] = await claims.claimsOf(verified.id);
    expect(attested).toMatchObject({ value: 'VerifiedBefore', state: 'proven', releasedAt: null });
    expect(attested!.evidence).toEqual([
      expect.objectContaining({
        method: 'editor-attestation',
        by: `editor:${editor}`,
        note: expect.stringContaining('before handle proofs existed'),
        endedAt: null,
      }),
    ]);

    expect((await claims.claimsOf(unverified.id)).map((c) => [c.value, c.state, c.releasedAt, c.evidence])).toEqual([
      ['UnverifiedBefore', 'claimed', null, []],
    ]);
    expect(await opened.findAuthorBySocialHandle('twitter', 'unverifiedbefore')).toBeNull();
    expect((await portal.profiles.findById(unverified.id))!.profile_social_profiles.twitter).toBe('');
    await expectAnswersInStep(opened);

    // Run again (two processes starting at once, or one interrupted): nothing doubles.
    const after = await Promise.all([importedId, verified.id, unverified.id].map((id) => claims.claimsOf(id)));
    ({ store: opened, claims } = await reopen(false));
    expect(await Promise.all([importedId, verified.id, unverified.id].map((id) => claims.claimsOf(id)))).toEqual(after);
    expect(await opened.journalistAnswer('twitter', key(handles.verified))).toBe(before.verified);
  });
});
