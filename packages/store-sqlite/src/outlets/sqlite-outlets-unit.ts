import type Database from 'better-sqlite3';
import { NOT_REPLANNED, SqliteDatabase } from '../store/sqlite-database';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { PUBLISHER_DOMAINS_TABLE, PUBLISHERS_TABLE } from '../publishers/sqlite-publisher-tables';
import { STAFF_TABLE } from '../staff/sqlite-staff-tables';
import { toArticle, toProfile, type ArticleRow, type ProfileRow } from '../store/profile-records';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { DIGEST_SCAN, DIGEST_SIZE, digestArticles, type OutletDigest } from '@byline/domain/outlets/outlet-digests-repository';
import type { DomainAnswers, OutletsUnit } from '@byline/domain/outlets/outlets-unit';
import { outletsUnitOver } from '@byline/domain/outlets/outlet-documents';

const hasRenderedOutlets = (db: Database.Database) =>
  db.prepare("SELECT 1 FROM pragma_table_info('publisher_domains') WHERE name = 'outlet_json'").get() !== undefined;

const digestStatements = preparedPerConnection((db: Database.Database) => ({
  domains: db
    .prepare<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
    .pluck(),
  journalists: db.prepare<[number, number], ProfileRow>(
    `SELECT p.id, p.verified, p.doc FROM publisher_staff s JOIN profiles p ON p.id = s.profile_id
     WHERE s.publisher_id = ${NOT_REPLANNED} AND s.state = 'active' AND p.verified = 1
     ORDER BY s.accepted_at DESC, s.id DESC LIMIT ${NOT_REPLANNED}`,
  ),
  // Addresses first, documents only for the three chosen: the look-through reads no article document.
  candidates: db.prepare<[number, number], { id: number; canonical_url: string; slug: string }>(
    `SELECT a.id, a.canonical_url, p.slug FROM articles a
     JOIN publisher_staff s ON s.profile_id = a.profile_id AND s.state = 'active'
     JOIN profiles p ON p.id = a.profile_id AND p.verified = 1
     WHERE s.publisher_id = ${NOT_REPLANNED} AND a.active = 1
     ORDER BY a.published_at DESC, a.id DESC LIMIT ${NOT_REPLANNED}`,
  ),
  article: db.prepare<[number], ArticleRow>('SELECT id, profile_id, doc FROM articles WHERE id = ?'),
}));

/** A publisher's digest, read on this connection (inside the caller's transaction when it has one). */
export function readDigestOf(db: Database.Database, publisherId: number): OutletDigest {
  const sql = digestStatements(db);
  const domains = sql.domains.all(publisherId);
  return {
    journalists: sql.journalists.all(publisherId, DIGEST_SIZE).map(toProfile),
    articles: digestArticles(sql.candidates.all(publisherId, DIGEST_SCAN), domains).map((row) => ({
      article: toArticle(sql.article.get(row.id)!),
      authorSlug: row.slug,
    })),
  };
}

/** Null before migration 034 added the rendered columns: the publishers' tables may not exist yet either. */
const statements = preparedPerConnection((db: Database.Database) => {
  if (!hasRenderedOutlets(db)) return null;
  const database = new SqliteDatabase(db.name, db);
  return {
    documents: {
      publishers: new SqliteDocuments(database, PUBLISHERS_TABLE).steps,
      domains: new SqliteDocuments(database, PUBLISHER_DOMAINS_TABLE).steps,
      staff: new SqliteDocuments(database, STAFF_TABLE).steps,
    },
    save: db.prepare<[string, string, string, string, number, string]>(
      `UPDATE publisher_domains SET info_json = ?, info_etag = ?, outlet_json = ?, outlet_etag = ?
       WHERE publisher_id = ? AND domain = ?`,
    ),
  };
});
/** Drops the statements prepared for this connection, after a migration changed what they read or write. */
export const forgetOutletStatements = statements.forget;

/** No outlets to re-render before migration 034: no publishers, none of them found. */
const NO_OUTLETS_YET: OutletsUnit = {
  publishersOfStaff: () => [],
  outletSources: () => null,
  saveOutlet: () => [],
  forgetOutlet: () => undefined,
};

/**
 * The embedded database's side of re-rendering outlets, over the generic documents: synchronous, so it runs inside
 * the caller's transaction.
 */
export function sqliteOutletsUnit(db: Database.Database): OutletsUnit {
  const sql = statements(db);
  if (!sql) return NO_OUTLETS_YET;
  return outletsUnitOver(sql.documents, {
    // Inside the change's transaction nothing else writes: no revision is kept, and no save misses.
    renderRevisions: () => new Map(),
    digestOf: (publisherId) => readDigestOf(db, publisherId),
    saveOutlet(publisherId: number, answers: DomainAnswers[]): string[] {
      for (const { domain, domainInfo, outlet } of answers) {
        sql.save.run(domainInfo.json, domainInfo.etag, outlet.json, outlet.etag, publisherId, domain);
      }
      return [];
    },
    forgetOutlet(): never {
      throw new Error('no save misses inside a transaction: nothing to forget');
    },
  });
}
