import type { Affiliation, AffiliationState } from '@byline/domain/staff/staff-repository';

/** An affiliation as stored in MongoDB; `_id` from the counters collection. */
export interface AffiliationDoc {
  _id: number;
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
  /**
   * `publisher profile` and `publisher email` while the affiliation is open, unset once it is declined or ended:
   * their sparse unique indexes allow one open affiliation per person and publisher (FerretDB 1.x has no partial
   * indexes).
   */
  open_profile?: string;
  open_email?: string;
}

export const toAffiliation = (doc: AffiliationDoc): Affiliation => ({
  id: doc._id,
  publisherId: doc.publisher_id,
  profileId: doc.profile_id,
  invitedEmail: doc.invited_email,
  state: doc.state,
  invitedBy: doc.invited_by,
  invitedAt: doc.invited_at,
  acceptedAt: doc.accepted_at,
  endedAt: doc.ended_at,
  endedBy: doc.ended_by,
  endedReason: doc.ended_reason,
});

export const openProfileKey = (publisherId: number, profileId: number) => `${publisherId} ${profileId}`;
export const openEmailKey = (publisherId: number, email: string) => `${publisherId} ${email}`;
