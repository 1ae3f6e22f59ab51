import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import {
  domainNoLongerProven,
  endVouchingSteps,
  publisherUnverified,
  type EndingVouching,
  type VouchingPublisher,
} from '../articles/end-vouched-articles';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { runNow } from '../database/steps';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { publisherVerificationEvent } from '../webhook-events/webhook-event';
import type { SqliteDatabase } from '../database/sqlite-database';
import { hostSuffixes } from './host-suffixes';
import type { TrustSummary } from './trust-summary';
import type {
  DomainCheck,
  EventEntry,
  NewPublisher,
  Publisher,
  PublisherDomain,
  PublisherEvent,
  OutletMatch,
  PublisherMatch,
  Publishers,
} from './publishers-repository';

/** Tables publishers, publisher_domains and publisher_events (migration 029). */
export const PUBLISHERS_SCHEMA_SQL = `
  CREATE TABLE publishers (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    logo_url TEXT,
    verified_at TEXT,
    verified_by TEXT,
    admin_user_id INTEGER,
    attribution INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX publishers_admin ON publishers (admin_user_id) WHERE admin_user_id IS NOT NULL;
  CREATE TABLE publisher_domains (
    publisher_id INTEGER NOT NULL REFERENCES publishers(id),
    domain TEXT NOT NULL,
    token TEXT NOT NULL,
    state TEXT NOT NULL,
    method TEXT,
    proven_at TEXT,
    last_checked_at TEXT,
    failing_since TEXT,
    last_failure TEXT,
    added_at TEXT NOT NULL,
    PRIMARY KEY (publisher_id, domain)
  ) WITHOUT ROWID;
  -- a proven domain belongs to one publisher; the lookup of a host's publisher reads it too
  CREATE UNIQUE INDEX publisher_domains_proven ON publisher_domains (domain) WHERE state = 'proven';
  CREATE TABLE publisher_events (
    id INTEGER PRIMARY KEY,
    publisher_id INTEGER NOT NULL REFERENCES publishers(id),
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    note TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX publisher_events_of ON publisher_events (publisher_id, id);
`;

/** A publisher's latest trust.txt reading, as JSON (migration 030): read whole, never queried into. */
export const PUBLISHER_TRUST_SQL = `
  ALTER TABLE publishers ADD COLUMN trust TEXT;
`;

export interface PublisherRow {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  verified_at: string | null;
  verified_by: string | null;
  admin_user_id: number | null;
  attribution: number;
  trust: string | null;
  created_at: string;
  updated_at: string;
}

export interface DomainRow {
  publisher_id: number;
  domain: string;
  token: string;
  state: PublisherDomain['state'];
  method: PublisherDomain['method'];
  proven_at: string | null;
  last_checked_at: string | null;
  failing_since: string | null;
  last_failure: string | null;
  added_at: string;
}

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

type EventRow = Omit<PublisherEvent, 'publisherId'> & { publisher_id: number };

export const toPublisher = (row: PublisherRow): Publisher => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  logoUrl: row.logo_url,
  verifiedAt: row.verified_at,
  verifiedBy: row.verified_by,
  adminUserId: row.admin_user_id,
  attribution: row.attribution === 1,
  trust: row.trust === null ? null : (JSON.parse(row.trust) as TrustSummary),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toDomain = (row: DomainRow): PublisherDomain => ({
  publisherId: row.publisher_id,
  domain: row.domain,
  token: row.token,
  state: row.state,
  method: row.method,
  provenAt: row.proven_at,
  lastCheckedAt: row.last_checked_at,
  failingSince: row.failing_since,
  lastFailure: row.last_failure,
  addedAt: row.added_at,
});

const toEvent = ({ publisher_id, ...rest }: EventRow): PublisherEvent => ({ ...rest, publisherId: publisher_id });

export const PUBLISHER_COLUMNS =
  'p.id, p.slug, p.name, p.logo_url, p.verified_at, p.verified_by, p.admin_user_id, p.attribution, p.trust, p.created_at, p.updated_at';
export const DOMAIN_COLUMNS = `d.publisher_id, d.domain, d.token, d.state, d.method, d.proven_at, d.last_checked_at,
  d.failing_since, d.last_failure, d.added_at`;

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
  update: database.prepare<[string, string | null, number, string, number]>(
    'UPDATE publishers SET name = ?, logo_url = ?, attribution = ?, updated_at = ? WHERE id = ?',
  ),
  setVerified: database.prepare<[string | null, string | null, string, number]>(
    'UPDATE publishers SET verified_at = ?, verified_by = ?, updated_at = ? WHERE id = ?',
  ),
  setTrust: database.prepare<[string | null, string, number]>('UPDATE publishers SET trust = ?, updated_at = ? WHERE id = ?'),
  domains: database.prepare<[number], DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM publisher_domains d WHERE d.publisher_id = ? ORDER BY d.domain`,
  ),
  domain: database.prepare<[number, string], DomainRow>(
    `SELECT ${DOMAIN_COLUMNS} FROM publisher_domains d WHERE d.publisher_id = ? AND d.domain = ?`,
  ),
  addDomain: database.prepare<[number, string, string, string]>(
    `INSERT INTO publisher_domains (publisher_id, domain, token, state, added_at) VALUES (?, ?, ?, 'pending', ?)
     ON CONFLICT (publisher_id, domain) DO NOTHING`,
  ),
  provenElsewhere: database
    .prepare<[string, number], number>(
      "SELECT publisher_id FROM publisher_domains WHERE domain = ? AND state = 'proven' AND publisher_id <> ?",
    )
    .pluck(),
  proven: database.prepare<[{ method: string; at: string; publisher: number; domain: string }]>(
    `UPDATE publisher_domains SET state = 'proven', method = @method,
       proven_at = CASE WHEN state = 'proven' THEN proven_at ELSE @at END,
       last_checked_at = @at, failing_since = NULL, last_failure = NULL
     WHERE publisher_id = @publisher AND domain = @domain`,
  ),
  failing: database.prepare<[{ failure: string; at: string; publisher: number; domain: string }]>(
    `UPDATE publisher_domains SET last_checked_at = @at, last_failure = @failure,
       failing_since = CASE WHEN state = 'proven' THEN coalesce(failing_since, @at) ELSE NULL END
     WHERE publisher_id = @publisher AND domain = @domain`,
  ),
  lapsed: database.prepare<[{ failure: string; at: string; publisher: number; domain: string }]>(
    `UPDATE publisher_domains SET state = CASE WHEN state = 'proven' THEN 'lapsed' ELSE state END,
       last_checked_at = @at, last_failure = @failure, failing_since = NULL
     WHERE publisher_id = @publisher AND domain = @domain`,
  ),
  removeDomain: database.prepare<[number, string]>('DELETE FROM publisher_domains WHERE publisher_id = ? AND domain = ?'),
  insertEvent: database.prepare<[number, string, string, string, string]>(
    'INSERT INTO publisher_events (publisher_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
  activeStaff: database
    .prepare<[number], number>("SELECT profile_id FROM publisher_staff WHERE publisher_id = ? AND state = 'active'")
    .pluck(),
  everStaff: database
    .prepare<[number], number>(
      'SELECT DISTINCT profile_id FROM publisher_staff WHERE publisher_id = ? AND profile_id IS NOT NULL ORDER BY profile_id',
    )
    .pluck(),
  provenDomains: database
    .prepare<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
    .pluck(),
  deleteDomains: database.prepare<[number]>('DELETE FROM publisher_domains WHERE publisher_id = ?'),
  deleteEvents: database.prepare<[number]>('DELETE FROM publisher_events WHERE publisher_id = ?'),
  deletePublisher: database.prepare<[number]>('DELETE FROM publishers WHERE id = ?'),
  history: database.prepare<[number], EventRow>(
    'SELECT id, publisher_id, actor, action, note, at FROM publisher_events WHERE publisher_id = ? ORDER BY id DESC',
  ),
});

/** Publishers in the embedded store; each change and its history entry are one transaction. */
export class SqlitePublishers implements Publishers {
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

  update(id: number, fields: Partial<Pick<Publisher, 'name' | 'logoUrl' | 'attribution'>>, at: Date): Promise<Publisher | null> {
    return this.database.write((db) => {
      const row = this.sql.byId.get(id);
      if (!row) return null;
      const next = { ...toPublisher(row), ...fields };
      this.sql.update.run(next.name, next.logoUrl, next.attribution ? 1 : 0, at.toISOString(), id);
      this.rerenderPublisher(db, id, { staff: fields.name !== undefined }); // a logo or the switch: the domains alone
      return toPublisher(this.sql.byId.get(id)!);
    });
  }

  setVerified(id: number, verified: boolean, actor: string, note: string, at: Date): Promise<boolean> {
    const when = at.toISOString();
    return this.database.write((db) => {
      const before = this.sql.byId.get(id);
      const changed = this.sql.setVerified.run(verified ? when : null, verified ? actor : null, when, id).changes > 0;
      if (changed) this.sql.insertEvent.run(id, actor, verified ? 'verified' : 'unverified', note, when);
      // The webhook event when the publisher's verification changes, in the same transaction.
      if (before && (before.verified_at !== null) !== verified) {
        recordEventsNow(db, [publisherVerificationEvent(before.slug, verified, at)]);
      }
      // What it vouched for ends with its verification, in the same transaction (see endVouchingSteps); verifying it
      // again restores none of it: the worker attributes each page again when a lookup asks for it.
      const owners =
        changed && !verified && before?.verified_at !== null
          ? this.endVouching(db, id, (publisher) => publisherUnverified(publisher, actor, when), when)
          : [];
      if (changed) this.rerenderPublisher(db, id, { staff: true, also: owners });
      return changed;
    });
  }

  setTrust(publisherId: number, summary: TrustSummary | null, at: Date): Promise<boolean> {
    const json = summary === null ? null : JSON.stringify(summary);
    return this.database.write((db) => {
      if (this.sql.setTrust.run(json, at.toISOString(), publisherId).changes === 0) return false;
      this.rerenderPublisher(db, publisherId, { staff: false }); // domain_info shows its confirmed memberships
      return true;
    });
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

  addDomain(publisherId: number, domain: string, token: string, actor: string, at: Date): Promise<PublisherDomain | null> {
    const when = at.toISOString();
    return this.database.write((db) => {
      if (this.sql.addDomain.run(publisherId, domain, token, when).changes === 0) return null;
      this.sql.insertEvent.run(publisherId, actor, 'domain-added', domain, when);
      this.rerenderPublisher(db, publisherId, { staff: false });
      return toDomain(this.sql.domain.get(publisherId, domain)!);
    });
  }

  recordCheck(publisherId: number, domain: string, check: DomainCheck, event: EventEntry | null): Promise<boolean> {
    const params = { publisher: publisherId, domain, at: check.at };
    return this.database.write((db) => {
      const before = this.sql.domain.get(publisherId, domain);
      if (!before) return false;
      if (check.outcome === 'proven') {
        if (this.sql.provenElsewhere.get(domain, publisherId) !== undefined) return false;
        this.sql.proven.run({ ...params, method: check.method });
      } else {
        this.sql[check.outcome].run({ ...params, failure: check.failure });
      }
      if (event) this.sql.insertEvent.run(publisherId, event.actor, event.action, event.note, check.at);
      // The staff's affiliations name the first proven domain: theirs too when the domain is proven or no longer is.
      const proven = this.sql.domain.get(publisherId, domain)!.state === 'proven';
      // A lapse ends what the publisher vouched for on that domain, in the same transaction (see endVouchingSteps).
      const owners =
        before.state === 'proven' && !proven
          ? this.endVouching(
              db,
              publisherId,
              this.domainEnding(publisherId, domain, 'lapsed', event?.actor ?? null, check.at),
              check.at,
            )
          : [];
      this.rerenderPublisher(db, publisherId, { staff: proven !== (before.state === 'proven'), also: owners });
      return true;
    });
  }

  removeDomain(publisherId: number, domain: string, actor: string, at: Date): Promise<boolean> {
    const when = at.toISOString();
    return this.database.write((db) => {
      const wasProven = this.sql.domain.get(publisherId, domain)?.state === 'proven';
      if (this.sql.removeDomain.run(publisherId, domain).changes === 0) return false;
      this.sql.insertEvent.run(publisherId, actor, 'domain-removed', domain, when);
      // What the publisher vouched for on the domain ends with it, in the same transaction (see endVouchingSteps).
      const owners = wasProven
        ? this.endVouching(db, publisherId, this.domainEnding(publisherId, domain, 'removed', actor, when), when)
        : [];
      this.rerenderPublisher(db, publisherId, { staff: true, also: owners });
      return true;
    });
  }

  /** How a domain no longer proven ends the credits by name on it: the publisher's other proven domains still hold. */
  private domainEnding(publisherId: number, domain: string, how: 'lapsed' | 'removed', actor: string | null, now: string) {
    const stillProven = this.sql.provenDomains.all(publisherId);
    return (publisher: VouchingPublisher) => domainNoLongerProven(publisher, { domain, how, stillProven }, actor, now);
  }

  /**
   * Ends the credits by name resting on the publisher's vouching that `ending` selects, inside the caller's
   * transaction (see endVouchingSteps): every profile it ever had on its staff may hold one. Their owners.
   */
  private endVouching(
    db: Database.Database,
    publisherId: number,
    ending: (publisher: VouchingPublisher) => EndingVouching,
    now: string,
  ): number[] {
    const publisherName = this.sql.byId.get(publisherId)?.name ?? 'the publisher';
    const publisher = { publisherId, publisherName, profileIds: this.sql.everStaff.all(publisherId) };
    return runNow(endVouchingSteps(sqliteArticlesUnit(db), ending(publisher), now)).profileIds;
  }

  /**
   * Re-renders, inside the change's transaction, the answers of the publisher's domains, and of its active staff when
   * `staff` (their evidence names the publisher and its first proven domain, and shows the affiliation only while
   * the publisher is verified), and of the profiles `also` names (whose articles stopped counting).
   */
  private rerenderPublisher(
    db: Database.Database,
    publisherId: number,
    { staff, also = [] }: { staff: boolean; also?: number[] },
  ): void {
    rerenderNow(db, [...(staff ? this.sql.activeStaff.all(publisherId) : []), ...also], [publisherId]);
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
