import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import {
  DOMAIN_COLUMNS,
  PUBLISHER_COLUMNS,
  toDomain,
  toPublisher,
  type DomainRow,
  type PublisherRow,
} from './sqlite-publisher-rows';
import type { PublishersUnitOfWrite } from '@byline/domain/publishers/publishers-unit';

const statements = preparedPerConnection((db: Database.Database) => ({
  publisher: db.prepare<[number], PublisherRow>(`SELECT ${PUBLISHER_COLUMNS} FROM publishers p WHERE p.id = ?`),
  domain: db.prepare<[number, string], DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM publisher_domains d WHERE d.publisher_id = ? AND d.domain = ?`,
  ),
  provenDomains: db
    .prepare<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
    .pluck(),
  activeStaff: db
    .prepare<[number], number>("SELECT profile_id FROM publisher_staff WHERE publisher_id = ? AND state = 'active'")
    .pluck(),
  everStaff: db
    .prepare<[number], number>(
      'SELECT DISTINCT profile_id FROM publisher_staff WHERE publisher_id = ? AND profile_id IS NOT NULL ORDER BY profile_id',
    )
    .pluck(),
  writePublisher: db.prepare<[string, string | null, number, string | null, string | null, string | null, string, number]>(
    `UPDATE publishers SET name = ?, logo_url = ?, attribution = ?, verified_at = ?, verified_by = ?, trust = ?,
       updated_at = ? WHERE id = ?`,
  ),
  insertDomain: db.prepare<[number, string, string, string]>(
    `INSERT INTO publisher_domains (publisher_id, domain, token, state, added_at) VALUES (?, ?, ?, 'pending', ?)
     ON CONFLICT (publisher_id, domain) DO NOTHING`,
  ),
  writeDomain: db.prepare<
    [string, string | null, string | null, string | null, string | null, string | null, number, string, string]
  >(
    `UPDATE publisher_domains SET state = ?, method = ?, proven_at = ?, last_checked_at = ?, failing_since = ?,
       last_failure = ? WHERE publisher_id = ? AND domain = ? AND state = ?`,
  ),
  deleteDomain: db.prepare<[number, string]>('DELETE FROM publisher_domains WHERE publisher_id = ? AND domain = ?'),
  insertEvent: db.prepare<[number, string, string, string, string]>(
    'INSERT INTO publisher_events (publisher_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
}));

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The publishers' unit of write inside a transaction the caller holds on `db` (SqlitePublishers.inOneWrite's). */
export function sqlitePublishersUnit(db: Database.Database): PublishersUnitOfWrite {
  const sql = statements(db);
  const publisher = (id: number) => {
    const row = sql.publisher.get(id);
    return row ? toPublisher(row) : null;
  };
  return {
    publisher,
    domain: (publisherId, domain) => {
      const row = sql.domain.get(publisherId, domain);
      return row ? toDomain(row) : null;
    },
    provenDomainsOf: (publisherId) => sql.provenDomains.all(publisherId),
    staffOf: (publisherId, which) => (which === 'active' ? sql.activeStaff : sql.everStaff).all(publisherId),
    writePublisher: (publisherId, fields, at, event) => {
      const before = publisher(publisherId);
      if (!before) return false;
      const next = { ...before, ...fields };
      const trust = next.trust === null ? null : JSON.stringify(next.trust);
      const { name, logoUrl, attribution, verifiedAt, verifiedBy } = next;
      sql.writePublisher.run(name, logoUrl, attribution ? 1 : 0, verifiedAt, verifiedBy, trust, at, publisherId);
      if (event) recordEventsNow(db, [event]);
      return true;
    },
    insertDomain: (publisherId, domain, token, at) => sql.insertDomain.run(publisherId, domain, token, at).changes > 0,
    writeDomain: (publisherId, domain, { state, method, provenAt, lastCheckedAt, failingSince, lastFailure }, asRead) => {
      try {
        const args = [state, method, provenAt, lastCheckedAt, failingSince, lastFailure, publisherId, domain, asRead] as const;
        return sql.writeDomain.run(...args).changes > 0;
      } catch (error) {
        // The unique index on proven domains: another publisher holds it proven (the statement alone is undone).
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    deleteDomain: (publisherId, domain) => sql.deleteDomain.run(publisherId, domain).changes > 0,
    appendEvent: (publisherId, { actor, action, note }, at) => {
      sql.insertEvent.run(publisherId, actor, action, note, at);
    },
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    articles: sqliteArticlesUnit(db),
    answers: sqliteAnswersUnit(db),
  };
}
