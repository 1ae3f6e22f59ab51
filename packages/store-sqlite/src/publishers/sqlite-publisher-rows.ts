import type { PublisherDomain, PublisherEvent, Publisher } from '@byline/domain/publishers/publishers-repository';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';

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

export type EventRow = Omit<PublisherEvent, 'publisherId'> & { publisher_id: number };

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

export const toEvent = ({ publisher_id, ...rest }: EventRow): PublisherEvent => ({ ...rest, publisherId: publisher_id });

export const PUBLISHER_COLUMNS =
  'p.id, p.slug, p.name, p.logo_url, p.verified_at, p.verified_by, p.admin_user_id, p.attribution, p.trust, p.created_at, p.updated_at';
export const DOMAIN_COLUMNS = `d.publisher_id, d.domain, d.token, d.state, d.method, d.proven_at, d.last_checked_at,
  d.failing_since, d.last_failure, d.added_at`;
