import type { Statement } from 'better-sqlite3';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { hostSuffixes } from '@byline/domain/publishers/host-suffixes';
import type {
  EventEntry,
  NewPublisher,
  OutletMatch,
  Publisher,
  PublisherDomain,
  PublisherEvent,
  PublisherMatch,
} from '@byline/domain/publishers/publishers-repository';
import type { PublishersStore } from '@byline/domain/publishers/publishers-store';
import type { PublishersUnitOfWrite } from '@byline/domain/publishers/publishers-unit';
import { sqlitePublishersUnit } from './sqlite-publishers-unit';
import {
  DOMAIN_COLUMNS,
  PUBLISHER_COLUMNS,
  toDomain,
  toEvent,
  toPublisher,
  type DomainRow,
  type EventRow,
  type PublisherRow,
} from './sqlite-publisher-rows';

/** How many hosts' outlet answers are kept between changes of the file (a bound on memory, not on correctness). */
const OUTLETS_KEPT = 10_000;

interface OutletRow {
  publisher_id: number;
  attribution: number;
  info_json: string | null;
  info_etag: string | null;
  outlet_json: string | null;
  outlet_etag: string | null;
}

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[string, string, string | null, number | null, string, string]>(
    `INSERT INTO publishers (slug, name, logo_url, admin_user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (slug) DO NOTHING`,
  ),
  bySlug: database.prepare<[string], PublisherRow>(`SELECT ${PUBLISHER_COLUMNS} FROM publishers p WHERE p.slug = ?`),
  byId: database.prepare<[number], PublisherRow>(`SELECT ${PUBLISHER_COLUMNS} FROM publishers p WHERE p.id = ?`),
  all: database.prepare<[], PublisherRow>(`SELECT ${PUBLISHER_COLUMNS} FROM publishers p ORDER BY p.slug`),
  ofAdmin: database.prepare<[number], PublisherRow>(
    `SELECT ${PUBLISHER_COLUMNS} FROM publishers p WHERE p.admin_user_id = ? ORDER BY p.slug`,
  ),
  forgetAdmin: database.prepare<[string, number]>(
    'UPDATE publishers SET admin_user_id = NULL, updated_at = ? WHERE admin_user_id = ?',
  ),
  domains: database.prepare<[number], DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM publisher_domains d WHERE d.publisher_id = ? ORDER BY d.domain`,
  ),
  domain: database.prepare<[number, string], DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM publisher_domains d WHERE d.publisher_id = ? AND d.domain = ?`,
  ),
  insertEvent: database.prepare<[number, string, string, string, string]>(
    'INSERT INTO publisher_events (publisher_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
  deleteDomains: database.prepare<[number]>('DELETE FROM publisher_domains WHERE publisher_id = ?'),
  deleteEvents: database.prepare<[number]>('DELETE FROM publisher_events WHERE publisher_id = ?'),
  deletePublisher: database.prepare<[number]>('DELETE FROM publishers WHERE id = ?'),
  history: database.prepare<[number], EventRow>(
    'SELECT id, publisher_id, actor, action, note, at FROM publisher_events WHERE publisher_id = ? ORDER BY id DESC',
  ),
});

/**
 * Publishers in the embedded store: what they are, their domains and their history, each read and write as the
 * rules above ask (publisher-changes.ts); a change and everything it sets off are one transaction (inOneWrite).
 */
export class SqlitePublishers implements PublishersStore {
  private readonly sql: ReturnType<typeof statements>;
  private readonly matchStatements = new Map<number, Statement<string[], DomainRow & PublisherRow>>();
  private readonly outletStatements = new Map<number, Statement<string[], OutletRow>>();
  private outlets: { generation: number | null; byHost: Map<string, OutletMatch | null> } = {
    generation: null,
    byHost: new Map(),
  };

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  create({ slug, name, logoUrl = null, adminUserId = null }: NewPublisher, actor: string, at: Date): Promise<Publisher | null> {
    const when = at.toISOString();
    return this.database.write(() => {
      const inserted = this.sql.insert.run(slug, name, logoUrl, adminUserId, when, when);
      if (inserted.changes === 0) return null;
      const id = Number(inserted.lastInsertRowid);
      this.sql.insertEvent.run(id, actor, 'created', name, when);
      return toPublisher(this.sql.byId.get(id)!);
    });
  }

  findBySlug(slug: string): Promise<Publisher | null> {
    return this.database.read(() => {
      const row = this.sql.bySlug.get(slug);
      return row ? toPublisher(row) : null;
    });
  }

  findById(id: number): Promise<Publisher | null> {
    return this.database.read(() => {
      const row = this.sql.byId.get(id);
      return row ? toPublisher(row) : null;
    });
  }

  list(): Promise<Publisher[]> {
    return this.database.read(() => this.sql.all.all().map(toPublisher));
  }

  administeredBy(userId: number): Promise<Publisher[]> {
    return this.database.read(() => this.sql.ofAdmin.all(userId).map(toPublisher));
  }

  forgetAdmin(userId: number, at: Date): Promise<number> {
    return this.database.write(() => this.sql.forgetAdmin.run(at.toISOString(), userId).changes);
  }

  inOneWrite<T>(steps: (unit: PublishersUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqlitePublishersUnit(db))));
  }

  domainsOf(publisherId: number): Promise<PublisherDomain[]> {
    return this.database.read(() => this.sql.domains.all(publisherId).map(toDomain));
  }

  findDomain(publisherId: number, domain: string): Promise<PublisherDomain | null> {
    return this.database.read(() => {
      const row = this.sql.domain.get(publisherId, domain);
      return row ? toDomain(row) : null;
    });
  }

  matchHost(host: string): Promise<PublisherMatch | null> {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return Promise.resolve(null);
    // A verifier's lookup: on the lookups' connection, inside their turn snapshot.
    return this.database.lookup(() => {
      const row = this.matchStatement(suffixes.length).get(...suffixes);
      if (!row) return null;
      return { publisher: toPublisher(row), domain: toDomain(row) };
    });
  }

  outletFor(host: string): Promise<OutletMatch | null> {
    return this.database.lookup(() => {
      // The rendered answers change only with the file: kept per host while it does not (see TurnSnapshot).
      const generation = this.database.lookupGeneration;
      if (generation !== null && generation === this.outlets.generation) {
        const known = this.outlets.byHost.get(host);
        if (known !== undefined) return known;
      } else {
        this.outlets = { generation, byHost: new Map() };
      }
      const match = this.readOutlet(host);
      if (generation !== null && this.outlets.byHost.size < OUTLETS_KEPT) this.outlets.byHost.set(host, match);
      return match;
    });
  }

  private readOutlet(host: string): OutletMatch | null {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return null;
    const row = this.outletStatement(suffixes.length).get(...suffixes);
    if (!row) return null;
    const { info_json, info_etag, outlet_json, outlet_etag } = row;
    const rendered =
      info_json !== null && info_etag !== null && outlet_json !== null && outlet_etag !== null
        ? { domainInfo: { json: info_json, etag: info_etag }, outlet: { json: outlet_json, etag: outlet_etag } }
        : null;
    return { publisherId: row.publisher_id, attribution: row.attribution === 1, rendered };
  }

  /** matchStatement's lookup, reading the rendered answers alone. */
  private outletStatement(count: number) {
    let statement = this.outletStatements.get(count);
    if (!statement) {
      statement = this.database.lookupConnection.prepare<string[], OutletRow>(
        `SELECT d.publisher_id, p.attribution, d.info_json, d.info_etag, d.outlet_json, d.outlet_etag
         FROM publisher_domains d JOIN publishers p ON p.id = d.publisher_id
         WHERE d.state = 'proven' AND p.verified_at IS NOT NULL AND d.domain IN (${Array(count).fill('?').join(', ')})
         ORDER BY length(d.domain) DESC LIMIT 1`,
      );
      this.outletStatements.set(count, statement);
    }
    return statement;
  }

  /** The host lookup for this many candidate domains, prepared once per count (a host has a handful of labels). */
  private matchStatement(count: number) {
    let statement = this.matchStatements.get(count);
    if (!statement) {
      // The domain's and its publisher's columns in one row (their names do not overlap): one read per lookup.
      statement = this.database.lookupConnection.prepare<string[], DomainRow & PublisherRow>(
        `SELECT ${DOMAIN_COLUMNS}, ${PUBLISHER_COLUMNS} FROM publisher_domains d JOIN publishers p ON p.id = d.publisher_id
         WHERE d.state = 'proven' AND p.verified_at IS NOT NULL AND d.domain IN (${Array(count).fill('?').join(', ')})
         ORDER BY length(d.domain) DESC LIMIT 1`,
      );
      this.matchStatements.set(count, statement);
    }
    return statement;
  }

  recordEvent(publisherId: number, { actor, action, note }: EventEntry, at: Date): Promise<boolean> {
    return this.database.write(() => {
      if (!this.sql.byId.get(publisherId)) return false;
      this.sql.insertEvent.run(publisherId, actor, action, note, at.toISOString());
      return true;
    });
  }

  /** One transaction; an invitation made meanwhile still names it, and its foreign key refuses the whole deletion. */
  async delete(publisherId: number): Promise<boolean> {
    try {
      return await this.database.write(() => {
        // Verified since the caller looked: lookups name it now, so it stays.
        const row = this.sql.byId.get(publisherId);
        if (!row || row.verified_at !== null) return false;
        this.sql.deleteDomains.run(publisherId);
        this.sql.deleteEvents.run(publisherId);
        return this.sql.deletePublisher.run(publisherId).changes > 0;
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false;
      throw error;
    }
  }

  historyOf(publisherId: number): Promise<PublisherEvent[]> {
    return this.database.read(() => this.sql.history.all(publisherId).map(toEvent));
  }
}
