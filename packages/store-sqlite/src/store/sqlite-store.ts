import type { EmbeddedStoreDatabase } from './sqlite-database';
import { SqliteDatabase } from './sqlite-database';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AuthorView, SocialType } from '@byline/domain/domain/types';
import type { Logger } from '@byline/domain/logging/logger';
import { isAccountLookupType, type LookupType } from '@byline/domain/social/account-lookup';
import {
  accountAnswerFor,
  entityTagOf,
  journalistAnswerFor,
  journalistTagFor,
  articleV2OfAuthors,
  renderArticleV2,
  type TaggedAnswer,
} from '@byline/domain/domain/rendered-answers';
import { readEvidenceOf } from '../evidence/sqlite-author-evidence';
import type { HandleLookup, Store } from '@byline/domain/store/store';
import { MIGRATIONS } from './migrations';
import { answersFollowNow } from './sqlite-data-steps';
import { systemClock } from '@byline/domain/runtime/system-clock';
import { readAuthorView } from './profile-records';
import { StoreFileGuard } from './store-file-guard';
import { StoreOpenLock } from './store-open-lock';
import { TurnSnapshot } from './turn-snapshot';
import { NOT_REPLANNED } from './sqlite-database';
import { unavailableOr } from './sqlite-errors';
import { WriteHealth } from '@byline/domain/store/write-health';
import { BUSY_TIMEOUT_MS, settleReadersAfterWrite } from './write-without-blocking';

export const SQLITE_FILE_NAME = 'byline.sqlite';

/** An address's authors, first credited first (see creditOrderOf): the order the articles_lookup index keeps them in. */
const IN_CREDIT_ORDER = 'ORDER BY a.credit_order, a.id';

/**
 * verify_article's lookup: served from the articles_lookup index and the article_answers table (see migrations 011
 * and 055); of a co-written article's verified authors, the first credited.
 */
export const ARTICLE_ANSWER_SQL = `SELECT p.json, p.etag FROM articles a JOIN article_answers p ON p.profile_id = a.profile_id
  WHERE a.canonical_url = ${NOT_REPLANNED} AND a.active = 1 AND p.verified = 1 ${IN_CREDIT_ORDER} LIMIT 1`;

/**
 * A batch's verify_article lookups, all in one run: for each address of a JSON array, its place in the array (`i`) and
 * each of its verified authors' answers and tags, as ARTICLE_ANSWER_SQL reads them. The first credited of an address's
 * rows is its answer (see taggedArticleAnswers): sorting them here would copy every answer into a sorter. Run once per
 * address, binding the address and stepping the statement from JavaScript cost as much as SQLite's own reads. The
 * single lookup keeps its own statement.
 */
export const ARTICLE_ANSWERS_SQL = `SELECT j.key AS i, a.credit_order, a.id, p.json, p.etag
  FROM json_each(${NOT_REPLANNED}) j JOIN articles a ON a.canonical_url = j.value AND a.active = 1
  JOIN article_answers p ON p.profile_id = a.profile_id AND p.verified = 1`;

/** A row of ARTICLE_ANSWERS_SQL: the address's place, the article's credit order and id, the answer and its tag. */
type ArticleAnswersRow = [index: number, creditOrder: number, articleId: number, json: string, etag: string | null];

/** Whether this author is credited before that one (IN_CREDIT_ORDER). */
function creditedBefore(row: ArticleAnswersRow, than: ArticleAnswersRow): boolean {
  return row[1] < than[1] || (row[1] === than[1] && row[2] < than[2]);
}

/**
 * v2's: the same read for every verified author (see articleV2OfAuthors), with the v2 answer and the v1 answer it is
 * rendered from where it is missing.
 */
export const ARTICLE_V2_ANSWER_SQL = `SELECT p.json, p.etag, p.profile_id AS profileId
  FROM articles a JOIN article_v2_answers p ON p.profile_id = a.profile_id
  WHERE a.canonical_url = ${NOT_REPLANNED} AND a.active = 1 AND p.verified = 1 ${IN_CREDIT_ORDER}`;

/** verify_journalist's: the answer of the verified profile holding the handle, and the handle as the profile shows it. */
export const JOURNALIST_ANSWER_SQL = `SELECT p.json AS answer, p.etag, json_extract(p.handles, '$.' || ?) AS handle
  FROM social_handles h JOIN journalist_answers p ON p.profile_id = h.profile_id
  WHERE h.social_type = ${NOT_REPLANNED} AND h.handle_key = ${NOT_REPLANNED} AND p.verified = 1`;

/**
 * A batch's verify_journalist lookups of one network's handles, all in one run (as ARTICLE_ANSWERS_SQL for addresses):
 * for each key of a JSON array that a verified profile holds on the network, its place in the array (`i`) and what
 * JOURNALIST_ANSWER_SQL reads. A handle has one holder at most, so a place has one row at most. Run once per handle,
 * binding three parameters and stepping the statement from JavaScript cost more than SQLite's own reads. Parameters:
 * the network, the keys, the network. CROSS JOIN keeps the keys the outer loop: left to choose, the planner read every
 * handle of the network and looked each up among the keys.
 */
export const JOURNALIST_ANSWERS_SQL = `SELECT j.key AS i, p.json AS answer, p.etag,
    json_extract(p.handles, '$.' || ${NOT_REPLANNED}) AS handle
  FROM json_each(${NOT_REPLANNED}) j CROSS JOIN social_handles h ON h.social_type = ${NOT_REPLANNED} AND h.handle_key = j.value
  JOIN journalist_answers p ON p.profile_id = h.profile_id AND p.verified = 1`;

/** A UTF-16 code unit of a surrogate pair, alone (with the `u` flag, a whole pair is one code point of another kind). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A row of JOURNALIST_ANSWERS_SQL: the key's place, the rendered answer, its tag and the handle as the profile shows it. */
type JournalistAnswersRow = [index: number, answer: string, etag: string | null, handle: string];

export interface SqliteStoreOptions {
  /** Where problems with the file (deleted, replaced, unwritable: see StoreFileGuard) are logged. */
  logger?: Logger;
  /** Refuse to create the file: opening a missing one throws NoStoreError. */
  mustExist?: boolean;
  /** The time of record, which the migrations at open write (default: the system clock). */
  clock?: () => Date;
}

interface TaggedRow {
  json: string;
  etag: string | null;
}

/** A verify_article row as served. */
function taggedOf(row: TaggedRow | undefined): TaggedAnswer | null {
  if (!row) return null;
  // No tag: the answer was rewritten by a writer from before the tags (see migration 016).
  return row.etag === null ? { json: row.json, etag: entityTagOf(row.json) } : (row as TaggedAnswer);
}

/** Synchronous SQLite work as a promise; busy or unreachable files reject with StoreUnavailableError. */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(unavailableOr(error));
  }
}

/**
 * Applies pending migrations. Each schema change is checked and applied inside an IMMEDIATE transaction, so
 * processes opening a new file together apply it once; backfills run in their own short transactions. Each is
 * recorded, and its backfill writes, `now`.
 */
function migrate(db: Database.Database, now: Date): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const isApplied = db.prepare<[string], { name: string }>('SELECT name FROM schema_migrations WHERE name = ?');
  const record = db.prepare<[string, string]>('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const migration of MIGRATIONS) {
    // Checked before taking the write lock, so opening a migrated file never waits for another process's write.
    if (isApplied.get(migration.name)) continue;
    if ('backfill' in migration) migration.backfill(db, now, answersFollowNow(db));
    db.transaction(() => {
      if (isApplied.get(migration.name)) return;
      if ('sql' in migration) db.exec(migration.sql);
      record.run(migration.name, now.toISOString());
    }).immediate();
    settleReadersAfterWrite(db);
  }
}

/** The embedded store: one SQLite file in WAL mode, shared safely by the services and the CLI. */
/** A proven claim of a Bluesky or fediverse account by its key (a DID, an account), oldest first (claims_by_key). */
export const ACCOUNT_BY_KEY_SQL = `SELECT p.json AS answer, p.etag, c.value AS value
  FROM claims c JOIN journalist_answers p ON p.profile_id = c.profile_id
  WHERE c.kind = ${NOT_REPLANNED} AND c.key = ${NOT_REPLANNED} AND c.released_at IS NULL AND c.state = 'proven' AND p.verified = 1
  ORDER BY c.id LIMIT 1`;

/** What the two account lookups read: the profile's rendered answer and its tag, and the account its claim shows. */
type AccountRow = { answer: string; etag: string | null; value: string };

/** The same by the handle a Bluesky claim shows today (claims_by_value, migration 052). */
export const ACCOUNT_BY_VALUE_SQL = `SELECT p.json AS answer, p.etag, c.value AS value
  FROM claims c JOIN journalist_answers p ON p.profile_id = c.profile_id
  WHERE c.kind = ${NOT_REPLANNED} AND c.value = ${NOT_REPLANNED} AND c.released_at IS NULL AND c.state = 'proven' AND p.verified = 1
  ORDER BY c.id LIMIT 1`;

export class SqliteStore implements Store {
  readonly kind = 'embedded';
  private readonly db: Database.Database;
  private readonly stmt;
  /** The two verification lookups, on their own connection: see TurnSnapshot. */
  private readonly snapshot: TurnSnapshot;
  private readonly lookup;
  /** Watches the file for being deleted, replaced or made unwritable; none for an in-memory store. */
  readonly guard: StoreFileGuard | undefined;
  /**
   * The work done outside the lookups: an in-memory store's one connection cannot see its own commits in
   * data_version, so its answers' generation moves on with every such call instead (reads too: only more misses).
   */
  private ownWork = 0;
  /** Remembers a write that failed for a full disk or an I/O error, for readiness. */
  private readonly writes: WriteHealth;
  /** Held while the file is open, so that no other process opens it unsafely; none for an in-memory store. */
  private readonly lock: StoreOpenLock | undefined;
  readonly database: EmbeddedStoreDatabase;

  constructor(
    readonly file: string,
    private readonly options: SqliteStoreOptions = {},
  ) {
    const connect = (create: boolean) => {
      const db = new Database(file, { fileMustExist: !create });
      db.pragma('journal_mode = WAL');
      return db;
    };
    if (file !== ':memory:' && !options.mustExist) fs.mkdirSync(path.dirname(file), { recursive: true });
    const opened =
      file === ':memory:'
        ? { db: connect(true), lock: undefined }
        : StoreOpenLock.open(file, options.mustExist ?? false, connect);
    this.db = opened.db;
    this.lock = opened.lock;
    this.guard = file === ':memory:' ? undefined : new StoreFileGuard(file, options.logger);
    this.writes = new WriteHealth(options.logger);
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // Deleted rows are overwritten with zeros, not left in free space: a person who deletes their account leaves
    // no bytes of it in the file (see SqliteDatabase.checkpointAndTruncate for the -wal). It acts only when content
    // is deleted or a page freed; the lookups only read (on their own read-only connection), so they do not pay it.
    this.db.pragma('secure_delete = ON');
    try {
      migrate(this.db, (options.clock ?? systemClock)());
      this.snapshot = file === ':memory:' ? new TurnSnapshot(this.db) : TurnSnapshot.onFile(file);
    } catch (error) {
      this.lock?.release();
      this.db.close();
      throw error;
    }
    this.lookup = {
      articleAnswer: this.snapshot.db.prepare<[string], TaggedRow>(ARTICLE_ANSWER_SQL),
      articleAnswers: this.snapshot.db.prepare<[string], ArticleAnswersRow>(ARTICLE_ANSWERS_SQL).raw(true),
      articleV2Answers: this.snapshot.db.prepare<[string], { json: string | null; etag: string | null; profileId: number }>(
        ARTICLE_V2_ANSWER_SQL,
      ),
      v1OfProfile: this.snapshot.db.prepare<[number], string>('SELECT json FROM article_answers WHERE profile_id = ?').pluck(),
      journalistAnswer: this.snapshot.db.prepare<
        [string, string, string],
        { answer: string; etag: string | null; handle: string }
      >(JOURNALIST_ANSWER_SQL),
      journalistAnswers: this.snapshot.db
        .prepare<[SocialType, string, SocialType], JournalistAnswersRow>(JOURNALIST_ANSWERS_SQL)
        .raw(true),
      // A proven claim of a Bluesky or fediverse account, by its key (a DID, an account) or by the handle it shows.
      accountByKey: this.snapshot.db.prepare<[string, string], AccountRow>(ACCOUNT_BY_KEY_SQL),
      accountByValue: this.snapshot.db.prepare<[string, string], AccountRow>(ACCOUNT_BY_VALUE_SQL),
    };
    const db = this.db;
    this.stmt = {
      ping: db.prepare('SELECT 1'),
      // Readiness's probe while a write failure is remembered: 64 KiB written and taken back in one committed
      // transaction, so that it needs free pages (and room in the -wal) as the writes that failed did.
      probeWrite: () => {
        db.prepare('INSERT INTO write_probe (filler) VALUES (zeroblob(65536))').run();
        db.prepare('DELETE FROM write_probe').run();
      },
      articleOwner: db.prepare<[string], { profile_id: number }>(
        `SELECT a.profile_id FROM articles a JOIN profiles p ON p.id = a.profile_id
         WHERE a.canonical_url = ? AND a.active = 1 ORDER BY p.verified DESC, a.credit_order, a.id LIMIT 1`,
      ),
      handleOwner: db.prepare<[string, string], { profile_id: number }>(
        'SELECT profile_id FROM social_handles WHERE social_type = ? AND handle_key = ?',
      ),
    };
    this.database = {
      kind: 'embedded',
      sqlite: new SqliteDatabase(file, db, {
        guard: this.guard,
        writes: this.writes,
        beforeWork: () => {
          this.ownWork++;
          this.snapshot.release();
        },
        lookups: {
          connection: this.snapshot.db,
          read: (work) => this.snapshot.read(work),
          // Only a connection of its own sees the writers' commits as changes.
          ...(this.snapshot.db === db ? {} : { generation: () => this.snapshot.generation }),
        },
      }),
    };
  }

  static inDirectory(dataDir: string, options: SqliteStoreOptions = {}): SqliteStore {
    return new SqliteStore(path.resolve(dataDir, SQLITE_FILE_NAME), options);
  }

  /** Any other call ends the lookups' snapshot first, so it sees, and lookups after it see, this store's writes. */
  private run<T>(work: () => T): Promise<T> {
    return settled(() => {
      this.guard?.checkReadable();
      this.snapshot.release();
      return work();
    });
  }

  private readLookup<T>(work: () => T): Promise<T> {
    return settled(() => this.inSnapshot(work));
  }

  /** `work` inside this turn's snapshot, the file checked readable first: the lookups' one way in. */
  private inSnapshot<T>(work: () => T): T {
    this.guard?.checkReadable();
    return this.snapshot.read(work);
  }

  /**
   * Ready means writable too: a store that cannot record usage or edits is not fit to serve. The files' permissions
   * are looked at each time; a full disk is known from the writes that failed (see WriteHealth), then probed.
   */
  async ping(): Promise<void> {
    await this.run(() => {
      this.guard?.checkWritable();
      this.stmt.ping.get();
    });
    // As every write: one transaction, never blocking the process while another one writes (an import).
    const { database, stmt } = this;
    await this.writes.check(() => database.sqlite.write(stmt.probeWrite));
  }

  answersGeneration(): number {
    if (this.snapshot.db === this.db) return this.ownWork;
    try {
      return this.inSnapshot(() => this.snapshot.generation);
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    if (this.guard && !this.guard.safeToClose()) {
      // Left to the process exit (process.exit does not close them): see StoreFileGuard.safeToClose.
      this.options.logger?.warn('embedded store: not closing its connections, the file is gone or cannot be written', {
        file: this.file,
      });
      return;
    }
    // Let go first: once the connections close, their -wal and -shm may go, and a process joining meanwhile would refuse.
    this.lock?.release();
    if (this.snapshot.db !== this.db) this.snapshot.close();
    this.db.close();
  }

  findAuthorOfArticle(canonicalUrl: string): Promise<AuthorView | null> {
    return this.run(() => {
      const owner = this.stmt.articleOwner.get(canonicalUrl);
      return owner ? readAuthorView(this.db, owner.profile_id) : null;
    });
  }

  findAuthorBySocialHandle(type: SocialType, key: string): Promise<AuthorView | null> {
    return this.run(() => {
      const owner = this.stmt.handleOwner.get(type, key);
      return owner ? readAuthorView(this.db, owner.profile_id) : null;
    });
  }

  async articleAnswer(canonicalUrl: string): Promise<string | null> {
    return (await this.taggedArticleAnswer(canonicalUrl))?.json ?? null;
  }

  async journalistAnswer(type: SocialType, key: string): Promise<string | null> {
    return (await this.taggedJournalistAnswer(type, key))?.json ?? null;
  }

  taggedArticleAnswer(canonicalUrl: string): Promise<TaggedAnswer | null> {
    return this.readLookup(() => taggedOf(this.lookup.articleAnswer.get(canonicalUrl)));
  }

  /** One read for them all, in the one snapshot of this turn: ARTICLE_ANSWERS_SQL, its rows as arrays. */
  taggedArticleAnswers(canonicalUrls: readonly string[]): Promise<(TaggedAnswer | null)[]> {
    return this.readLookup(() => {
      const firsts: (ArticleAnswersRow | undefined)[] = [];
      for (const row of this.lookup.articleAnswers.all(JSON.stringify(canonicalUrls))) {
        const first = firsts[row[0]];
        if (!first || creditedBefore(row, first)) firsts[row[0]] = row;
      }
      return canonicalUrls.map((_, index) => {
        const first = firsts[index];
        return first ? taggedOf({ json: first[3], etag: first[4] }) : null;
      });
    });
  }

  taggedArticleV2Answer(canonicalUrl: string): Promise<TaggedAnswer | null> {
    return this.readLookup(() => {
      const authors = this.lookup.articleV2Answers.all(canonicalUrl).map((row): TaggedAnswer => {
        if (row.json !== null && row.etag !== null) return { json: row.json, etag: row.etag };
        // Not rendered: cleared by a writer from before v2 (see migration 032). Rendered here from what is stored.
        const v1 = this.lookup.v1OfProfile.get(row.profileId)!;
        const { articleV2, articleV2Tag } = renderArticleV2(v1, readEvidenceOf(this.snapshot.db, row.profileId));
        return { json: articleV2, etag: articleV2Tag };
      });
      return articleV2OfAuthors(authors);
    });
  }

  taggedJournalistAnswer(type: LookupType, key: string): Promise<TaggedAnswer | null> {
    return this.readLookup(() => this.journalistAnswerRead(type, key));
  }

  /**
   * One read for them all, in the one snapshot of this turn: each network's handles in one run of
   * JOURNALIST_ANSWERS_SQL, Bluesky and fediverse accounts one by one.
   */
  taggedJournalistAnswers(handles: readonly HandleLookup[]): Promise<(TaggedAnswer | null)[]> {
    return this.readLookup(() => {
      const answers = new Array<TaggedAnswer | null>(handles.length).fill(null);
      const byNetwork = new Map<SocialType, { keys: string[]; places: number[] }>();
      for (let index = 0; index < handles.length; index++) {
        const { type, key } = handles[index]!;
        // A key with a lone surrogate is read alone: bound, it is written as U+FFFD, as the single lookup reads it;
        // inside the JSON array, SQLite would decode it otherwise.
        if (isAccountLookupType(type) || LONE_SURROGATE.test(key)) answers[index] = this.journalistAnswerRead(type, key);
        else {
          const network = byNetwork.get(type) ?? byNetwork.set(type, { keys: [], places: [] }).get(type)!;
          network.keys.push(key);
          network.places.push(index);
        }
      }
      for (const [type, { keys, places }] of byNetwork)
        for (const [at, answer, etag, handle] of this.lookup.journalistAnswers.all(type, JSON.stringify(keys), type))
          answers[places[at]!] = networkAnswerOf(type, answer, etag, handle);
      return answers;
    });
  }

  private journalistAnswerRead(type: LookupType, key: string): TaggedAnswer | null {
    if (isAccountLookupType(type)) {
      // A Bluesky handle is found by the value its claim shows; a DID or a fediverse account by the claim's key.
      const byValue = type === 'bluesky' && !key.startsWith('did:');
      const found = (byValue ? this.lookup.accountByValue : this.lookup.accountByKey).get(type, key);
      return found ? accountAnswerFor(found.answer, found.etag, type, found.value) : null;
    }
    const row = this.lookup.journalistAnswer.get(type, type, key);
    return row ? networkAnswerOf(type, row.answer, row.etag, row.handle) : null;
  }
}

/** The verify_journalist answer of a network's handle, completed with the handle its profile shows, and its tag. */
function networkAnswerOf(type: SocialType, answer: string, etag: string | null, handle: string): TaggedAnswer {
  const json = journalistAnswerFor(answer, type, handle);
  // No tag: the answer was rewritten by a writer from before the tags (see migration 016).
  return { json, etag: etag === null ? entityTagOf(json) : journalistTagFor(etag, type) };
}
