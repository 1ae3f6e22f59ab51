import type { Publisher, PublisherDomain, PublisherEvent } from '@byline/domain/publishers/publishers-repository';
import { storedNames } from '@byline/domain/documents/stored-names';
import { PUBLISHER_DOMAIN_FIELDS, PUBLISHER_EVENT_FIELDS, PUBLISHER_FIELDS } from '@byline/domain/publishers/publisher-fields';
import { selectedColumns, type SqliteTable, numberedTable } from '../documents/sqlite-documents';

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

export const PUBLISHERS_TABLE = numberedTable<Publisher>('publishers', PUBLISHER_FIELDS, {
  booleans: ['attribution'],
  lists: ['trust'],
});

/** A publisher's domains, named by the publisher and the domain (their rendered answers in columns of their own). */
export const PUBLISHER_DOMAINS_TABLE: SqliteTable<PublisherDomain> = {
  name: 'publisher_domains',
  columns: storedNames(PUBLISHER_DOMAIN_FIELDS),
  key: ['publisherId', 'domain'],
};

export const PUBLISHER_EVENTS_TABLE = numberedTable<PublisherEvent>('publisher_events', PUBLISHER_EVENT_FIELDS);

/** A publisher's and a domain's columns, as a join reads them into one row (their names do not overlap). */
export const PUBLISHER_COLUMNS = selectedColumns(PUBLISHERS_TABLE, 'p');
export const DOMAIN_COLUMNS = selectedColumns(PUBLISHER_DOMAINS_TABLE, 'd');
