import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../store/sqlite-database';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { Article, ArticleInput } from '@byline/domain/domain/types';
import type { HistoryEntry } from '@byline/domain/claims/claims-repository';
import { toArticle, type ArticleRow } from '../store/profile-records';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { enqueueNow, settleNow } from '../queue/sqlite-leased-queue';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import type { ArticleClaim, ArticleProof } from '@byline/domain/articles/article-proof';
import type { ArticlesStore } from '@byline/domain/articles/articles-store';
import type { ArticlesUnitOfWrite, StoredArticleClaim } from '@byline/domain/articles/articles-repository';

type ClaimRow = ArticleRow & { canonical_url: string; proven: number; active: number; proof: string };

const COLUMNS = 'id, profile_id, canonical_url, doc, proven, active, proof';

const statements = (database: SqliteDatabase) => ({
  all: database.prepare<[number], ClaimRow>(
    `SELECT ${COLUMNS} FROM articles WHERE profile_id = ? ORDER BY published_at DESC, id DESC`,
  ),
  latest: database.prepare<[number, number], ArticleRow>(
    'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? AND active = 1 ORDER BY published_at DESC, id DESC LIMIT ?',
  ),
  one: database.prepare<[number, number], ClaimRow>(`SELECT ${COLUMNS} FROM articles WHERE id = ? AND profile_id = ?`),
  provenBy: database
    .prepare<[string], number>('SELECT profile_id FROM articles WHERE canonical_url = ? AND proven = 1 ORDER BY credit_order, id')
    .pluck(),
});

/** The statements of the articles' unit of write, on the connection whose transaction it runs in. */
const unitStatements = preparedPerConnection((db: Database.Database) => ({
  one: db.prepare<[number, number], ClaimRow>(`SELECT ${COLUMNS} FROM articles WHERE id = ? AND profile_id = ?`),
  atAddress: db.prepare<[string], ClaimRow>(`SELECT ${COLUMNS} FROM articles WHERE canonical_url = ? ORDER BY id`),
  provenOf: db.prepare<[number], ClaimRow>(`SELECT ${COLUMNS} FROM articles WHERE profile_id = ? AND proven = 1 ORDER BY id`),
  writeProof: db.prepare<[number, number, string, number, number]>(
    'UPDATE articles SET proven = ?, active = ?, proof = ?, credit_order = ? WHERE id = ?',
  ),
  insert: db.prepare<[number, string, number, string, string, number, string, number]>(
    `INSERT INTO articles (profile_id, canonical_url, active, published_at, doc, proven, proof, credit_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  // The address, the proof and its credit order only when given (a new claim); the rest always.
  write: db.prepare<[string | null, string, string, number, number | null, string | null, number | null, number, number]>(
    `UPDATE articles SET canonical_url = COALESCE(?, canonical_url), published_at = ?, doc = ?, active = ?,
       proven = COALESCE(?, proven), proof = COALESCE(?, proof), credit_order = COALESCE(?, credit_order)
     WHERE id = ? AND profile_id = ?`,
  ),
  verifiedSlug: db.prepare<[number], string>('SELECT slug FROM profiles WHERE id = ? AND verified = 1').pluck(),
  checkHolder: db.prepare<[number], string | null>('SELECT holder FROM queue_items WHERE id = ?').pluck(),
  audit: db.prepare<[number, string, string, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
}));

/**
 * The articles' unit of write inside a transaction the caller holds on `db` (SqliteArticles.inOneWrite's, or another
 * store's write that changes articles too, such as an affiliation's end).
 */
export function sqliteArticlesUnit(db: Database.Database): ArticlesUnitOfWrite {
  const sql = unitStatements(db);
  return {
    claim: (profileId, articleId) => {
      const row = sql.one.get(articleId, profileId);
      return row ? storedClaimOf(row) : null;
    },
    claimsAt: (canonicalUrl) => sql.atAddress.all(canonicalUrl).map(storedClaimOf),
    provenClaimsOf: (profileId) => sql.provenOf.all(profileId).map(storedClaimOf),
    // Inside the transaction the rule's check of the address holds: no unique index refuses the write.
    insertArticle: (profileId, canonicalUrl, { article, active, proof, creditOrder }) => {
      const args = [canonicalUrl, active ? 1 : 0, article.published_at, JSON.stringify(article)] as const;
      const proven = proof.state === 'proven' ? 1 : 0;
      return Number(sql.insert.run(profileId, ...args, proven, JSON.stringify(proof), creditOrder).lastInsertRowid);
    },
    writeArticle: (claim, { article, active, canonicalUrl, proof, creditOrder }, events) => {
      const proven = proof ? (proof.state === 'proven' ? 1 : 0) : null;
      const doc = JSON.stringify(article);
      const written = proof ? JSON.stringify(proof) : null;
      const [url, order] = [canonicalUrl ?? null, creditOrder ?? null];
      sql.write.run(url, article.published_at, doc, active ? 1 : 0, proven, written, order, claim.id, claim.profileId);
      recordEventsNow(db, events);
      return true;
    },
    writeProof: (claim, proof, { active, creditOrder, events }) => {
      sql.writeProof.run(proof.state === 'proven' ? 1 : 0, active ? 1 : 0, JSON.stringify(proof), creditOrder, claim.id);
      recordEventsNow(db, events);
      return true;
    },
    verifiedSlugOf: (profileId) => sql.verifiedSlug.get(profileId) ?? null,
    appendHistory: ({ profileId, actor, action, note }: HistoryEntry, now: string) => {
      sql.audit.run(profileId, actor, action, note, now);
    },
    // Prepared when a rule re-renders, not with the unit: a migration's unit may run before the answers' columns exist.
    get answers() {
      return sqliteAnswersUnit(db);
    },
    // In the transaction: a proof and its re-check, a check's record and its settle, are written together.
    scheduleCheck: (claim, dueAt) => void enqueueNow(db, articleCheckItemOf(claim, dueAt)),
    holdsCheck: (itemId, holder) => sql.checkHolder.get(Number(itemId)) === holder,
    settleCheck: (itemId, holder, next, at) => settleNow(db, itemId, holder, next, at),
  };
}

const storedClaimOf = (row: ClaimRow): StoredArticleClaim => ({
  id: row.id,
  profileId: row.profile_id,
  canonicalUrl: row.canonical_url,
  listedActive: (JSON.parse(row.doc) as ArticleInput).active,
  proof: JSON.parse(row.proof) as ArticleProof,
});

const claimOf = (row: ClaimRow): ArticleClaim => ({ article: toArticle(row), proof: JSON.parse(row.proof) as ArticleProof });

/**
 * The articles table, each row a profile's claim of an address with its proof. Each change is one unit of write with
 * the profile's derived fields (count, answers), so the verifiers never see an article without the answer that
 * lists it.
 */
export class SqliteArticles implements ArticlesStore {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  list(profileId: number): Promise<Article[]> {
    return this.database.read(() => this.sql.all.all(profileId).map(toArticle));
  }

  claimsOf(profileId: number): Promise<ArticleClaim[]> {
    return this.database.read(() => this.sql.all.all(profileId).map(claimOf));
  }

  latest(profileId: number, limit: number): Promise<Article[]> {
    return this.database.read(() => this.sql.latest.all(profileId, limit).map(toArticle));
  }

  find(profileId: number, articleId: number): Promise<Article | null> {
    return this.database.read(() => {
      const row = this.sql.one.get(articleId, profileId);
      return row ? toArticle(row) : null;
    });
  }

  provenBy(canonicalUrl: string): Promise<number[]> {
    return this.database.read(() => this.sql.provenBy.all(canonicalUrl));
  }

  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteArticlesUnit(db))));
  }
}
