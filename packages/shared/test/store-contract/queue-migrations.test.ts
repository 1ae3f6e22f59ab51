import Database from 'better-sqlite3';
import {
  backendOf,
  MongoStore,
  RECHECK_TOPIC,
  rechecksOf,
  relMeEvidence,
  SqliteStore,
  type ProfileFields,
  type Store,
} from '@byline/shared';
import { tempDir, testMongoUri, uniqueDatabaseName } from '@byline/test-support';

const MIGRATION = '021-rechecks-on-queue';
const ATTEMPTS_MIGRATION = '022-proof-attempts-on-queue';

/** A sign-in in progress as kept before the queue. */
interface OldAttempt {
  state_hash: string;
  used_at: string | null;
  expires_at: string;
}

/** A store that can be closed and opened again as if its re-checks had been kept before the queue. */
interface ReopenableStore {
  name: string;
  open(): Store;
  /** Forgets the migration and every queue item (the store must be closed). */
  asBeforeTheQueue(): Promise<void>;
  /** Writes sign-ins in progress where they were kept before the queue, and forgets migration 022 (closed store). */
  withOldAttempts(attempts: OldAttempt[]): Promise<void>;
  dispose(): Promise<void>;
}

function embedded(): ReopenableStore {
  const file = `${tempDir('byline-rechecks-migration-')}/byline.sqlite`;
  return {
    name: 'embedded',
    open: () => new SqliteStore(file),
    asBeforeTheQueue: async () => {
      const db = new Database(file);
      db.exec('DELETE FROM queue_items');
      db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(MIGRATION);
      db.close();
    },
    withOldAttempts: async (attempts) => {
      const db = new Database(file);
      const insert = db.prepare(
        `INSERT INTO proof_attempts (state_hash, user_id, profile_id, network, claimed_value, nonce, code_verifier,
           created_at, expires_at, used_at) VALUES (?, 7, 8, 'twitter', 'Typed', 'n', 'v', ?, ?, ?)`,
      );
      for (const { state_hash, used_at, expires_at } of attempts) insert.run(state_hash, expires_at, expires_at, used_at);
      db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(ATTEMPTS_MIGRATION);
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
    asBeforeTheQueue: async () => {
      const store = open();
      try {
        await store.ping();
        await store.db.collection('queue_items').deleteMany({});
        await store.db.collection('schema_migrations').deleteOne({ _id: MIGRATION as never });
      } finally {
        await store.close();
      }
    },
    withOldAttempts: async (attempts) => {
      const store = open();
      try {
        await store.ping();
        await store.db.collection('proof_attempts').insertMany(
          attempts.map(({ state_hash, used_at, expires_at }) => ({
            _id: state_hash as never,
            user_id: 7,
            profile_id: 8,
            network: 'twitter',
            claimed_value: 'Typed',
            nonce: 'n',
            code_verifier: 'v',
            created_at: expires_at,
            expires_at,
            used_at,
          })),
        );
        await store.db.collection('schema_migrations').deleteOne({ _id: ATTEMPTS_MIGRATION as never });
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

const fields = (last: string): ProfileFields => ({
  profile_first_name: 'Aoife',
  profile_last_name: last,
  profile_title: '',
  profile_bio: '',
  profile_employer: '',
  profile_residing: '',
  profile_image: '',
  profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' },
  user_location: '',
  user_city: '',
});

const uri = testMongoUri();
const stores: [string, () => ReopenableStore][] = [
  ['embedded', embedded],
  ...(uri ? [['mongodb', () => mongodb(uri)] as [string, () => ReopenableStore]] : []),
];

describe.each(stores)('migrations onto the leased queue (%s store)', (_name, make) => {
  let reopenable: ReopenableStore;
  beforeEach(() => {
    reopenable = make();
  });
  afterEach(() => reopenable.dispose());

  it('migration 021: every live re-checked proof gets its queue item, due at its next check; ended ones get none', async () => {
    const store = reopenable.open();
    const { portal, claims } = backendOf(store);
    const due = new Date(Date.now() + 3_600_000);
    const proofs: { evidenceId: number; profileId: number }[] = [];
    for (const name of ['kept', 'removed']) {
      const user = await portal.createUser({ email: `${name}@example.org`, passwordHash: 'x', role: 'journalist' });
      const profile = await portal.saveProfile(user.id, fields(name), `migrated-${name}`);
      const site = `https://${name}.example/`;
      await claims.setClaims(profile.id, { website: [site] });
      const proof = await claims.recordProof({
        profileId: profile.id,
        kind: 'website',
        value: site,
        evidence: relMeEvidence(site, due),
      });
      if (!proof.ok) throw new Error('not proven');
      proofs.push({ evidenceId: proof.claim.evidence[0]!.id, profileId: profile.id });
    }
    await claims.setClaims(proofs[1]!.profileId, { website: [] });
    await backendOf(store).close();

    await reopenable.asBeforeTheQueue();
    const reopened = reopenable.open();
    try {
      const { queue } = backendOf(reopened);
      expect(await queue.find(RECHECK_TOPIC, String(proofs[0]!.evidenceId))).toMatchObject({
        dueAt: due.toISOString(),
        holder: null,
        settledAt: null,
      });
      expect(await queue.find(RECHECK_TOPIC, String(proofs[1]!.evidenceId))).toBeNull();
      // And the re-checks take it when due.
      const taken = await rechecksOf(backendOf(reopened)).takeDueChecks({
        now: new Date(due.getTime() + 1000),
        holder: 'after the upgrade',
        leaseMs: 60_000,
        limit: 10,
      });
      expect(taken.map((check) => check.evidence.id)).toEqual([proofs[0]!.evidenceId]);
    } finally {
      await backendOf(reopened).close();
    }
  });

  it('migration 022: sign-ins in progress move onto the queue, used ones still used', async () => {
    await backendOf(reopenable.open()).close();
    const soon = new Date(Date.now() + 600_000).toISOString();
    await reopenable.withOldAttempts([
      { state_hash: 'open', used_at: null, expires_at: soon },
      { state_hash: 'used', used_at: new Date().toISOString(), expires_at: soon },
    ]);
    const reopened = reopenable.open();
    try {
      const { proofAttempts } = backendOf(reopened);
      expect(await proofAttempts.takeProofAttempt('open', new Date())).toEqual({
        status: 'taken',
        attempt: {
          stateHash: 'open',
          userId: 7,
          profileId: 8,
          network: 'twitter',
          claimedValue: 'Typed',
          nonce: 'n',
          codeVerifier: 'v',
          createdAt: soon,
          expiresAt: soon,
        },
      });
      expect(await proofAttempts.takeProofAttempt('used', new Date())).toEqual({ status: 'used' });
      expect(await proofAttempts.takeProofAttempt('open', new Date())).toEqual({ status: 'used' });
    } finally {
      await backendOf(reopened).close();
    }
  });
});
