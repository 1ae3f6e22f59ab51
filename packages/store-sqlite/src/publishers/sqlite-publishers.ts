import type { Statement } from 'better-sqlite3';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { documentOfRow } from '../documents/sqlite-documents';
import { hostSuffixes } from '@byline/domain/publishers/host-suffixes';
import type { OutletMatch, PublisherMatch } from '@byline/domain/publishers/publishers-repository';
import type { StoredPublishers, StoredPublishersUnit } from '@byline/domain/publishers/publisher-documents';
import { sqlitePublishersUnit } from './sqlite-publishers-unit';
import { DOMAIN_COLUMNS, PUBLISHER_COLUMNS, PUBLISHER_DOMAINS_TABLE, PUBLISHERS_TABLE } from './sqlite-publisher-tables';

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

type Row = Record<string, string | number | null>;

/**
 * What a host lookup reads: the domain's and its publisher's columns in one row (their names do not overlap), or
 * the rendered answers alone.
 */
const LOOKUP_COLUMNS = {
  match: `${DOMAIN_COLUMNS}, ${PUBLISHER_COLUMNS}`,
  outlet: 'd.publisher_id, p.attribution, d.info_json, d.info_etag, d.outlet_json, d.outlet_etag',
};

/**
 * What the embedded store keeps of the publishers by hand (see StoredPublishers): the unit of write, one
 * transaction; the verifiers' host lookups, one join on the lookups' connection; and a deletion.
 */
export class SqliteStoredPublishers implements StoredPublishers {
  /** Per kind, per number of candidate domains (a host has a handful of labels). */
  private readonly lookups = {
    match: new Map<number, Statement<string[], Row>>(),
    outlet: new Map<number, Statement<string[], Row>>(),
  };
  private outlets: { generation: number | null; byHost: Map<string, OutletMatch | null> } = {
    generation: null,
    byHost: new Map(),
  };
  private readonly deletion;

  constructor(private readonly database: SqliteDatabase) {
    this.deletion = {
      verifiedAt: database.prepare<[number], { verified_at: string | null }>('SELECT verified_at FROM publishers WHERE id = ?'),
      domains: database.prepare<[number]>('DELETE FROM publisher_domains WHERE publisher_id = ?'),
      events: database.prepare<[number]>('DELETE FROM publisher_events WHERE publisher_id = ?'),
      publisher: database.prepare<[number]>('DELETE FROM publishers WHERE id = ?'),
    };
  }

  inOneWrite<T>(steps: (unit: StoredPublishersUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqlitePublishersUnit(db))));
  }

  matchHost(host: string): Promise<PublisherMatch | null> {
    const suffixes = hostSuffixes(host);
    if (!suffixes.length) return Promise.resolve(null);
    // A verifier's lookup: on the lookups' connection, inside their turn snapshot.
    return this.database.lookup(() => {
      const row = this.lookupStatement('match', suffixes.length).get(...suffixes);
      if (!row) return null;
      return { publisher: documentOfRow(PUBLISHERS_TABLE, row), domain: documentOfRow(PUBLISHER_DOMAINS_TABLE, row) };
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
    const row = this.lookupStatement('outlet', suffixes.length).get(...suffixes) as OutletRow | undefined;
    if (!row) return null;
    const { info_json, info_etag, outlet_json, outlet_etag } = row;
    const rendered =
      info_json !== null && info_etag !== null && outlet_json !== null && outlet_etag !== null
        ? { domainInfo: { json: info_json, etag: info_etag }, outlet: { json: outlet_json, etag: outlet_etag } }
        : null;
    return { publisherId: row.publisher_id, attribution: row.attribution === 1, rendered };
  }

  /** The host lookup reading `kind`'s columns for this many candidate domains, prepared once per count. */
  private lookupStatement(kind: keyof typeof LOOKUP_COLUMNS, count: number): Statement<string[], Row> {
    let statement = this.lookups[kind].get(count);
    if (!statement) {
      statement = this.database.lookupConnection.prepare<string[], Row>(
        `SELECT ${LOOKUP_COLUMNS[kind]} FROM publisher_domains d JOIN publishers p ON p.id = d.publisher_id
         WHERE d.state = 'proven' AND p.verified_at IS NOT NULL AND d.domain IN (${Array(count).fill('?').join(', ')})
         ORDER BY length(d.domain) DESC LIMIT 1`,
      );
      this.lookups[kind].set(count, statement);
    }
    return statement;
  }

  /** One transaction; an invitation made meanwhile still names it, and its foreign key refuses the whole deletion. */
  async delete(publisherId: number): Promise<boolean> {
    try {
      return await this.database.write(() => {
        // Verified since the caller looked: lookups name it now, so it stays.
        const row = this.deletion.verifiedAt.get(publisherId);
        if (!row || row.verified_at !== null) return false;
        this.deletion.domains.run(publisherId);
        this.deletion.events.run(publisherId);
        return this.deletion.publisher.run(publisherId).changes > 0;
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false;
      throw error;
    }
  }
}
