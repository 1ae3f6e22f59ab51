import { AFFILIATION_FIELDS } from '@byline/domain/staff/staff-fields';
import type { AffiliationDocument } from '@byline/domain/staff/staff-documents';
import { numberedTable } from '../documents/sqlite-documents';

/** Table publisher_staff (migration 031): one row per invitation, kept when it ends. */
export const STAFF_SCHEMA_SQL = `
  CREATE TABLE publisher_staff (
    id INTEGER PRIMARY KEY,
    publisher_id INTEGER NOT NULL REFERENCES publishers(id),
    profile_id INTEGER REFERENCES profiles(id),
    invited_email TEXT,
    state TEXT NOT NULL,
    invited_by TEXT NOT NULL,
    invited_at TEXT NOT NULL,
    accepted_at TEXT,
    ended_at TEXT,
    ended_by TEXT,
    ended_reason TEXT
  );
  -- one open (invited or active) affiliation per publisher and profile, and per publisher and address
  CREATE UNIQUE INDEX publisher_staff_open_profile ON publisher_staff (publisher_id, profile_id)
    WHERE state IN ('invited', 'active') AND profile_id IS NOT NULL;
  CREATE UNIQUE INDEX publisher_staff_open_email ON publisher_staff (publisher_id, invited_email)
    WHERE state IN ('invited', 'active') AND invited_email IS NOT NULL;
  CREATE INDEX publisher_staff_of_publisher ON publisher_staff (publisher_id, id);
  CREATE INDEX publisher_staff_of_profile ON publisher_staff (profile_id, id) WHERE profile_id IS NOT NULL;
  CREATE INDEX publisher_staff_of_email ON publisher_staff (invited_email) WHERE invited_email IS NOT NULL;
`;

/** Affiliations in the publisher_staff table; its partial unique indexes take the place of MongoDB's open keys. */
export const STAFF_TABLE = numberedTable<AffiliationDocument>('publisher_staff', AFFILIATION_FIELDS, {
  names: { openProfile: null, openEmail: null },
});
