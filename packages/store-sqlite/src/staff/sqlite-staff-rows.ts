import type { Affiliation, AffiliationState } from '@byline/domain/staff/staff-repository';

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

export interface AffiliationRow {
  id: number;
  publisher_id: number;
  profile_id: number | null;
  invited_email: string | null;
  state: AffiliationState;
  invited_by: string;
  invited_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_reason: string | null;
}

export const toAffiliation = (row: AffiliationRow): Affiliation => ({
  id: row.id,
  publisherId: row.publisher_id,
  profileId: row.profile_id,
  invitedEmail: row.invited_email,
  state: row.state,
  invitedBy: row.invited_by,
  invitedAt: row.invited_at,
  acceptedAt: row.accepted_at,
  endedAt: row.ended_at,
  endedBy: row.ended_by,
  endedReason: row.ended_reason,
});

export const COLUMNS =
  'id, publisher_id, profile_id, invited_email, state, invited_by, invited_at, accepted_at, ended_at, ended_by, ended_reason';
export const OPEN = "state IN ('invited', 'active')";
