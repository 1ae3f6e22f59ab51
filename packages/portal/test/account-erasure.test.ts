import { openedDatabase } from '@byline/shared';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from 'mongodb';
import { issueResetLink } from '@byline/editorial/use-cases/password-reset';
import { recordProof } from '@byline/domain/claims/record-proof';
import { COLLECTIONS } from '@byline/store-mongodb/store/mongo-schema';
import { receiverForEachTest } from '@byline/test-support';
import {
  csrfFrom,
  everythingStored,
  portalForEachTest,
  portalStoreFactories,
  signedUp,
  submit,
  type Portal,
} from './support/portal-harness';
import { approvedByEditor, decideIdentityChange, editor, journalist, reviewPath } from './support/editors';
import { proveClaim } from './support/proofs';
import { joinedStaff, publisherOf } from './support/staff';
import { createdPublisher } from './support/publishers';
import { addWebhook, openApiAccount, openApiAccountWithKey, webhookWorkerTick } from './support/webhooks';

/*
 * Deleting an account leaves nothing that names the person, checked against the schema itself: every SQLite table
 * with a column naming a profile or a portal user, and every MongoDB collection of mongo-schema.ts, must be listed
 * below as erased (and hold the person's rows before the deletion, so the arrangement covers it) or as kept, with
 * why. A table or collection added without being listed fails these tests: erase it in the deletion (ProfileErasure.erase
 * or the use case) and list it.
 */

/** SQLite tables holding rows of the person, by the column that names them: all gone after the deletion. */
const SQLITE_ERASED: Record<string, string> = {
  profiles: 'id',
  article_answers: 'profile_id',
  article_v2_answers: 'profile_id',
  journalist_answers: 'profile_id',
  social_handles: 'profile_id',
  claims: 'profile_id',
  articles: 'profile_id',
  verification_requests: 'profile_id',
  verification_audit: 'profile_id',
  publisher_staff: 'profile_id',
  attribution_domains: 'profile_id',
  proof_attempts: 'profile_id',
  portal_users: 'id',
  portal_sessions: 'user_id',
  portal_password_resets: 'user_id',
  portal_email_confirmations: 'user_id',
  former_slugs: 'profile_id',
  publishers: 'admin_user_id',
};

/** Tables that name a profile or user in a column but are not the person's, or are kept on purpose: why. */
const SQLITE_NOT_ERASED: Record<string, string> = {
  journalist_credentials:
    'the erased profile’s number and render revision only, so that no re-render read before the erasure brings its ' +
    'claims back (the erasure’s own write clears the rest: checked by content below)',
  bluesky_verifications:
    'the erased profile’s number and the address of the record Byline published, until the worker deletes it ' +
    '(the erasure’s own write clears whom it named)',
};

/** MongoDB collections (keys of COLLECTIONS) holding the person's documents, by the field that names them. */
const MONGO_ERASED: Partial<Record<keyof typeof COLLECTIONS, string>> = {
  profiles: '_id',
  handles: 'profile_id',
  claims: 'profile_id',
  articles: 'profile_id',
  verificationRequests: 'profile_id',
  audit: 'profile_id',
  publisherStaff: 'profile_id',
  attributionDomains: '_id',
  proofAttempts: 'profile_id',
  portalUsers: '_id',
  portalSessions: 'user_id',
  passwordResets: 'user_id',
  emailConfirmations: 'user_id',
  formerSlugs: 'profile_id',
  publishers: 'admin_user_id',
};

/** Collections that hold nothing naming a profile or a portal user by id: why. */
const MONGO_NOT_NAMING: Partial<Record<keyof typeof COLLECTIONS, string>> = {
  accounts: 'API accounts, by email: the account record is kept for the operator (checked by content below)',
  apiKeys: 'by API account id: revoked, kept with the account',
  usage: 'per key and day: counts, kept with the account',
  counters: 'id sequences',
  storeChanges: "the store's change counter",
  migrations: 'data steps run',
  evidence: 'by claim id: checked below through the claims',
  queueItems: 'work items: checked below by content',
  publisherDomains: "publishers' domains",
  publisherEvents: "publishers' history (checked by content below)",
  webhookEndpoints: 'by API account email: checked by content below',
  webhookMessages: 'by endpoint: checked by content below',
  credentialKeys: "the issuer's signing keys: nobody's",
  journalistCredentials:
    'the erased profile’s number and render revision only, so that no re-render read before the erasure brings its ' +
    'claims back (the erasure’s own write clears the rest: checked by content below)',
  credentialStatusEntries: 'status list indexes and when they were revoked: they name no profile',
  credentialStatusLists: 'the published status lists: bits',
  blueskyVerifications:
    'the erased profile’s number and the address of the record Byline published, until the worker deletes it ' +
    '(the erasure’s own write clears whom it named)',
};

/** Rows that still hold the person's email after the deletion, on purpose ("Your data" in docs/operators.md says why). */
const KEPT_EMAIL = [
  /^accounts:/, // the API account record, for the operator's accounting
  /^publisher_events:/, // the history of the publisher they created, which stays for the operator to hand on
];

const random = () => randomBytes(5).toString('hex');

/** Every row of every table (SQLite) or document of every collection (MongoDB), as `table: json` lines. */
async function everyRecord(portal: Portal): Promise<string[]> {
  const database = openedDatabase(portal.store.database);
  if (database.kind === 'embedded') {
    const db = database.sqlite.connection;
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    return tables.flatMap((table) =>
      db
        .prepare(`SELECT * FROM "${table}"`)
        .all()
        .map((row) => `${table}: ${JSON.stringify(row)}`),
    );
  }
  const lines: string[] = [];
  for (const { name } of await database.mongo.db.listCollections().toArray()) {
    for (const doc of await database.mongo.db.collection(name).find({}).toArray()) lines.push(`${name}: ${JSON.stringify(doc)}`);
  }
  return lines;
}

/** SQLite: the tables whose columns name a profile or a portal user (by name or by foreign key), with those columns. */
function sqliteTablesNamingPeople(db: Database.Database): Map<string, string[]> {
  const naming = new Map<string, string[]>();
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  for (const table of tables) {
    const columns = db.pragma(`table_info("${table}")`) as { name: string }[];
    const keys = db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string }[];
    const found = new Set<string>();
    for (const { name } of columns) if (/(^|_)(profile|user)_id$/.test(name)) found.add(name);
    for (const key of keys) if (['profiles', 'portal_users'].includes(key.table)) found.add(key.from);
    if (table === 'profiles' || table === 'portal_users') found.add('id');
    if (found.size) naming.set(table, [...found]);
  }
  return naming;
}

/** How many of the person's rows or documents each erased table or collection holds. */
async function personsRecords(portal: Portal, ids: { profileId: number; userId: number }): Promise<Record<string, number>> {
  const idOf = (column: string) => (/user/.test(column) || column === 'id' || column === '_id' ? ids.userId : ids.profileId);
  const database = openedDatabase(portal.store.database);
  const counts: Record<string, number> = {};
  if (database.kind === 'embedded') {
    for (const [table, column] of Object.entries(SQLITE_ERASED)) {
      const id = table === 'profiles' ? ids.profileId : idOf(column);
      counts[table] = database.sqlite.connection
        .prepare<[number], number>(`SELECT count(*) FROM "${table}" WHERE "${column}" = ?`)
        .pluck()
        .get(id)!;
    }
    return counts;
  }
  const db: Db = database.mongo.db;
  for (const [key, field] of Object.entries(MONGO_ERASED)) {
    const id = key === 'profiles' || key === 'attributionDomains' ? ids.profileId : idOf(field);
    counts[key] = await db.collection(COLLECTIONS[key as keyof typeof COLLECTIONS]).countDocuments({ [field]: id });
  }
  return counts;
}

describe.each(portalStoreFactories())('deleting an account leaves nothing that names the person ($name store)', (factory) => {
  const portal = portalForEachTest(factory);
  const receiver = receiverForEachTest();

  it('lists every table or collection of the schema as erased or not naming a person', async () => {
    const database = openedDatabase(portal.store.database);
    if (database.kind === 'embedded') {
      const naming = sqliteTablesNamingPeople(database.sqlite.connection);
      const unlisted = [...naming.keys()].filter((table) => !(table in SQLITE_ERASED) && !(table in SQLITE_NOT_ERASED));
      expect(unlisted).toEqual([]);
      for (const [table, column] of Object.entries(SQLITE_ERASED)) expect(naming.get(table)).toContain(column);
      return;
    }
    const known = new Set([...Object.keys(MONGO_ERASED), ...Object.keys(MONGO_NOT_NAMING)]);
    expect(Object.keys(COLLECTIONS).filter((key) => !known.has(key))).toEqual([]);
    const names = new Set<string>(Object.values(COLLECTIONS));
    const created = (await database.mongo.db.listCollections().toArray()).map(({ name }) => name);
    expect(created.filter((name) => !names.has(name))).toEqual([]);
  });

  it('a journalist with every kind of data: every record naming her goes, nothing of her stays in any record or byte', async () => {
    // Strings only she has, to look for in every record (and, on the embedded store, in the file's bytes).
    const bio = `Bio-${random()} covers the courts`;
    const lastName = `Quill${random()}`;
    const attributionDomain = `her-${random()}.example`;
    const person = await journalist(portal, {
      profile_bio: bio,
      profile_last_name: lastName,
      attribution_domains: attributionDomain,
    });
    const { profileId } = person;
    const user = (await portal.repositories.users.findByEmail(person.email))!;

    // An article, a proven handle, a re-checked website proof, a verification and its history.
    await submit(person.agent, '/articles', '/articles', {
      link: `https://paper.example/${person.slug}`,
      title: 'Harbour story',
      published_at: '2024-03-01',
      active: 'on',
    });
    await proveClaim(portal.claims, profileId, 'twitter', person.form.twitter);
    const site = await recordProof(portal.claims, {
      profileId,
      kind: 'website',
      value: `https://${attributionDomain}/`,
      evidence: {
        method: 'rel-me',
        provider: { id: 'urn:byline:rel-me', name: 'rel="me" link' },
        provenValue: `https://${attributionDomain}/`,
        by: 'byline:rel-me check',
        nextCheckAt: '2030-01-02T00:00:00.000Z',
      },
    });
    expect(site.ok).toBe(true);

    // Another API account subscribed to journalists' events: its delivery log will hold messages about her.
    const subscriber = await signedUp(portal.app);
    await openApiAccount(subscriber.agent);
    const events = ['journalist.verified', 'journalist.unverified', 'journalist.handle_changed'];
    expect((await addWebhook(subscriber.agent, { url: receiver.url, events })).status).toBe(303);

    const desk = await editor(portal);
    const path = reviewPath(profileId);
    expect((await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Checked' })).status).toBe(303);
    const instagram = `her.${random()}`;
    await proveClaim(portal.claims, profileId, 'instagram', instagram);
    await webhookWorkerTick(portal);
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body).type)).toEqual([
      'journalist.verified',
      'journalist.handle_changed',
    ]);

    // An approved change of her name: her first public address stays as a former one, redirecting to the new.
    const firstName = 'Rosaleen';
    const named = { ...person.form, profile_bio: bio, profile_last_name: lastName, attribution_domains: attributionDomain };
    await submit(person.agent, '/profile', '/profile', { ...named, profile_first_name: firstName });
    const renamed = await decideIdentityChange(portal, desk, profileId, { decision: 'approve', identity_note: '' });
    expect(renamed.status).toBe(303);
    expect(await portal.repositories.profiles.formerSlugsOf(profileId)).toEqual([person.slug]);
    const slugNow = (await portal.repositories.profiles.slugReplacing(person.slug))!;
    expect(slugNow).not.toBe(person.slug);

    // A pending identity change (her employer), a new verification request, an affiliation, an invitation to her
    // address, a publisher she administers, an API account with a key and a webhook, a reset link, a sign-in in
    // progress, and a row in the table sign-ins were kept in before the queue.
    const employer = `Courier-${random()}`;
    await submit(person.agent, '/profile', '/profile', { ...named, profile_first_name: firstName, profile_employer: employer });
    expect((await portal.repositories.identityReview.pendingIdentityOf(profileId))?.fields.profile_employer).toBe(employer);
    await portal.repositories.verification.request(profileId, person.email);
    const outlet = await publisherOf(portal, `Harbour ${random()}`);
    await joinedStaff(outlet, { ...person, slug: slugNow });
    const other = await publisherOf(portal, `Quay ${random()}`);
    await portal.repositories.staff.invite(other.publisher.id, { email: person.email }, other.email, new Date());
    await createdPublisher(person.agent, `Her Outlet ${random()}`);
    await openApiAccountWithKey(person.agent);
    expect((await addWebhook(person.agent, { url: receiver.url, events: ['api_key.revoked'] })).status).toBe(303);
    expect(await issueResetLink(portal.repositories, person.email, 'https://portal.example', new Date())).not.toBeNull();
    // A confirmation link still unused (one sent again, say): its row names her too.
    const confirmExpiry = new Date(Date.now() + 60_000).toISOString();
    await portal.repositories.emailConfirmations.create(
      { tokenHash: 'c'.repeat(64), userId: user.id, expiresAt: confirmExpiry },
      new Date(),
    );
    const attempt = {
      userId: user.id,
      profileId,
      network: 'twitter' as const,
      claimedValue: person.form.twitter,
      nonce: random(),
      codeVerifier: random(),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    await portal.repositories.proofAttempts.createProofAttempt({ stateHash: random(), ...attempt });
    const legacyAttempt = {
      user_id: user.id,
      profile_id: profileId,
      network: 'twitter',
      claimed_value: person.form.twitter,
      nonce: 'n',
      code_verifier: 'v',
      created_at: attempt.createdAt,
      expires_at: attempt.expiresAt,
      used_at: null,
    };
    const database = openedDatabase(portal.store.database);
    if (database.kind === 'embedded') {
      database.sqlite.connection
        .prepare(
          `INSERT INTO proof_attempts (state_hash, user_id, profile_id, network, claimed_value, nonce, code_verifier, created_at, expires_at)
           VALUES (@state, @user_id, @profile_id, @network, @claimed_value, @nonce, @code_verifier, @created_at, @expires_at)`,
        )
        .run({ state: random(), ...legacyAttempt, used_at: undefined });
    } else {
      await database.mongo.db.collection(COLLECTIONS.proofAttempts).insertOne({ _id: random() as never, ...legacyAttempt });
    }

    const ids = { profileId, userId: user.id };
    const before = await personsRecords(portal, ids);
    // Every table or collection listed as erased holds her records: the arrangement covers them all.
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);
    const distinctive = [bio, lastName, attributionDomain, instagram, employer, person.form.twitter.slice(1), user.passwordHash];
    const records = await everyRecord(portal);
    for (const text of [...distinctive, person.email]) expect(records.some((line) => line.includes(text))).toBe(true);

    const deleted = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
    expect([deleted.status, deleted.headers.location]).toEqual([303, '/account/deleted']);

    const after = await personsRecords(portal, ids);
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
    // The subscriber's delivery log keeps the messages, their data gone; the one telling she is unverified follows.
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(subscriber.email);
    const log = await portal.repositories.webhookDeliveries.messagesOf(endpoint!.id, 10);
    expect(log.map((message) => JSON.parse(message.body))).toEqual([
      {
        type: 'journalist.handle_changed',
        timestamp: expect.any(String),
        data: {},
        redacted: 'the journalist deleted their account',
      },
      { type: 'journalist.verified', timestamp: expect.any(String), data: {}, redacted: 'the journalist deleted their account' },
    ]);
    // The worker's next turn (within a second): the events the deletion made go out, to whoever is still subscribed.
    await webhookWorkerTick(portal);
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body))).toEqual([
      expect.objectContaining({ type: 'journalist.verified' }),
      expect.objectContaining({ type: 'journalist.handle_changed' }),
      { type: 'journalist.unverified', timestamp: expect.any(String), data: { slug: slugNow } },
    ]);

    // Once sent, the worker's hourly round redacts it too: no message in any log names her any more.
    expect(await portal.repositories.webhookDeliveries.redactAboutErasedJournalists()).toBe(1);
    const redacted = (await portal.repositories.webhookDeliveries.messagesOf(endpoint!.id, 10)).map((message) =>
      JSON.parse(message.body),
    );
    expect(redacted.map((body) => [body.type, body.data])).toEqual([
      ['journalist.unverified', {}],
      ['journalist.handle_changed', {}],
      ['journalist.verified', {}],
    ]);

    const left = await everyRecord(portal);
    for (const text of [...distinctive, person.slug, slugNow]) expect(left.filter((line) => line.includes(text))).toEqual([]);
    expect(left.filter((line) => line.includes(person.email) && !KEPT_EMAIL.some((kept) => kept.test(line)))).toEqual([]);

    // No byte of her in the store's files (the SQLite file and its -wal; MongoDB: every document).
    const bytes = await everythingStored(portal.store);
    for (const text of distinctive) expect(bytes.includes(Buffer.from(text))).toBe(false);
  });

  /** A verified journalist with attribution domains, an article, a proven handle, an API key and webhook, a reset link. */
  async function leavingJournalist() {
    const bio = `Bio-${random()} on the harbour`;
    const person = await journalist(portal, { profile_bio: bio, attribution_domains: `leaving-${random()}.example` });
    await submit(person.agent, '/articles', '/articles', {
      link: `https://paper.example/${person.slug}`,
      title: 'Harbour story',
      published_at: '2024-03-01',
      active: 'on',
    });
    await proveClaim(portal.claims, person.profileId, 'twitter', person.form.twitter);
    await approvedByEditor(portal, person.profileId, 'ok');
    await openApiAccountWithKey(person.agent);
    expect((await addWebhook(person.agent, { url: receiver.url, events: ['api_key.revoked'] })).status).toBe(303);
    await issueResetLink(portal.repositories, person.email, 'https://portal.example', new Date());
    const user = (await portal.repositories.users.findByEmail(person.email))!;
    const ids = { profileId: person.profileId, userId: user.id };
    expect(Object.values(await personsRecords(portal, ids)).some((count) => count > 0)).toBe(true);
    return { person, ids, distinctive: [bio, person.form.twitter.slice(1), user.passwordHash] };
  }

  /** Nothing names her any more: no record by id, none of her strings anywhere, her keys revoked. */
  async function nothingLeftOf({ person, ids, distinctive }: Awaited<ReturnType<typeof leavingJournalist>>) {
    expect(Object.entries(await personsRecords(portal, ids)).filter(([, count]) => count > 0)).toEqual([]);
    const left = await everyRecord(portal);
    for (const text of distinctive) expect(left.filter((line) => line.includes(text))).toEqual([]);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(person.email)).toEqual([]);
    expect((await portal.repositories.apiKeys.keysOf(person.email)).every((key) => key.revoked_at !== null)).toBe(true);
  }

  const onlyOn = (name: string) => (factory.name === name ? it : it.skip);

  onlyOn('embedded')('an erasure that fails on the embedded store has done nothing; asked again, it completes', async () => {
    const database = openedDatabase(portal.store.database);
    if (database.kind !== 'embedded') throw new Error('embedded store only');
    const leaving = await leavingJournalist();
    const { person } = leaving;
    // The erasure's last write fails (as a full disk or a constraint would): its transaction is rolled back whole.
    database.sqlite.connection.exec(
      "CREATE TEMP TRIGGER erasure_fails BEFORE DELETE ON profiles BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    const failed = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await portal.repositories.profiles.findById(person.profileId)).toMatchObject({ verified: true });
    expect(await portal.repositories.attributionDomains.domainsOf(person.profileId)).toHaveLength(1);
    expect((await portal.repositories.apiKeys.keysOf(person.email)).map((key) => key.revoked_at)).toEqual([null]);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(person.email)).toHaveLength(1);
    expect(await portal.repositories.users.findByEmail(person.email)).not.toBeNull();

    database.sqlite.connection.exec('DROP TRIGGER erasure_fails');
    const retried = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
    expect([retried.status, retried.headers.location]).toEqual([303, '/account/deleted']);
    await nothingLeftOf(leaving);
  });

  onlyOn('mongodb')(
    'on MongoDB, a deletion cut short after any of its writes is finished by asking again',
    async () => {
      const database = openedDatabase(portal.store.database);
      if (database.kind !== 'mongodb') throw new Error('MongoDB only');
      const db = database.mongo.db;
      const collection = db.collection.bind(db);
      const WRITES = [
        'insertOne',
        'updateOne',
        'updateMany',
        'deleteOne',
        'deleteMany',
        'bulkWrite',
        'findOneAndUpdate',
        'replaceOne',
      ];
      for (let cutAfter = 0; ; cutAfter++) {
        const leaving = await leavingJournalist();
        const { person } = leaving;
        const csrf = csrfFrom((await person.agent.get('/account/delete')).text);
        // The process dies after `cutAfter` writes of the deletion: every later write fails.
        let writes = 0;
        db.collection = ((name: string, options?: object) => {
          const real = collection(name, options);
          return new Proxy(real, {
            get(target, property, receiver) {
              const value = Reflect.get(target, property, receiver) as unknown;
              if (typeof value !== 'function') return value;
              if (!WRITES.includes(String(property))) return value.bind(target);
              return (...args: unknown[]) => {
                if (++writes > cutAfter) return Promise.reject(new Error('process killed'));
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            },
          });
        }) as typeof db.collection;
        const first = await person.agent.post('/account/delete').type('form').send({ email: person.email, _csrf: csrf });
        db.collection = collection;
        if (first.status === 303) break; // the deletion needs no more writes than this
        // Cut after the user went (ending the session failed): nothing is left to retry, nor to sign in with.
        if (await portal.repositories.users.findByEmail(person.email)) {
          // Signed in again, where the cut came after the sessions went and before the user did.
          await submit(person.agent, '/signin', '/signin', { email: person.email, password: person.password });
          const retried = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
          expect([cutAfter, retried.status, retried.headers.location]).toEqual([cutAfter, 303, '/account/deleted']);
        }
        await nothingLeftOf(leaving);
      }
    },
    600_000,
  );

  it('deleting again after the deletion is a no-op: nothing of hers is left to fail on', async () => {
    const person = await journalist(portal, { attribution_domains: `again-${random()}.example` });
    const first = await submit(person.agent, '/account/delete', '/account/delete', { email: person.email });
    expect(first.status).toBe(303);
    expect(await portal.repositories.profileErasure.erase(person.profileId)).toBe(false);
    expect(await portal.repositories.attributionDomains.domainsOf(person.profileId)).toEqual([]);
  });
});
