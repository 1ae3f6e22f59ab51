import type { Profile } from '../domain/types';
import type { ProfileFields } from './profile-fields';

/**
 * The fields that say who a verified journalist is and for whom they write: the answers' readers rely on them,
 * and an editor approved them with the profile. On a verified profile a change of any of them waits for an
 * editor (as X removes the check mark on a display-name change). The biography, residence, city and country
 * are the journalist's own description: they change freely (see docs/portal.md, "Identity review").
 */
export const REVIEWED_IDENTITY_FIELDS = [
  'profile_first_name',
  'profile_last_name',
  'profile_title',
  'profile_employer',
  'profile_image',
] as const;

export type ReviewedIdentityField = (typeof REVIEWED_IDENTITY_FIELDS)[number];

/** The new values of the reviewed fields a change touches (only those). */
export type IdentityValues = Partial<Record<ReviewedIdentityField, string>>;

/** A change of identity waiting for an editor; the profile keeps the approved values meanwhile. */
export interface PendingIdentityChange {
  fields: IdentityValues;
  requested_by: string;
  requested_at: string;
}

/** An editor's decision on a pending change, or its owner withdrawing it. */
export type IdentityDecisionAction = 'identity-change-approved' | 'identity-change-declined' | 'identity-change-cancelled';

export interface IdentityDecision {
  profileId: number;
  actor: string;
  action: IdentityDecisionAction;
  note: string;
  /** The change the decider saw (its requested_at): a change replaced since then is not decided. */
  requestedAt?: string;
  /**
   * The slug base of a name (the portal's rule): given, an approval that leaves the slug unfitting the new name
   * moves the profile to a new slug, the old one kept as a former slug that redirects (see profile-slugs.ts).
   */
  slugBaseOf?: (first: string, last: string) => string;
}

export type IdentityDecisionOutcome =
  { ok: true; change: PendingIdentityChange } | { ok: false; reason: 'no-pending-change' | 'changed-since' };

/** A profile's approved values of the reviewed fields (those the answers render). */
export type ApprovedIdentity = Partial<Pick<Profile, ReviewedIdentityField>>;

/**
 * What a save writes: on an unverified profile every field as given and nothing pending; on a verified one the
 * reviewed fields keep their approved values and those that differ become the pending change (null when none).
 */
export function splitIdentityChange(
  approved: ApprovedIdentity,
  verified: boolean,
  given: ProfileFields,
): { applied: ProfileFields; pending: IdentityValues | null } {
  if (!verified) return { applied: given, pending: null };
  const applied = { ...given };
  const pending: IdentityValues = {};
  for (const field of REVIEWED_IDENTITY_FIELDS) {
    const kept = approved[field] ?? '';
    if (given[field] !== kept) pending[field] = given[field];
    applied[field] = kept;
  }
  return { applied, pending: Object.keys(pending).length ? pending : null };
}

export const sameIdentityValues = (a: IdentityValues | null | undefined, b: IdentityValues | null | undefined): boolean =>
  REVIEWED_IDENTITY_FIELDS.every((field) => a?.[field] === b?.[field]);

const LABELS: Record<ReviewedIdentityField, string> = {
  profile_first_name: 'First name',
  profile_last_name: 'Last name',
  profile_title: 'Title',
  profile_employer: 'Employer',
  profile_image: 'Photo',
};

export const identityFieldLabel = (field: ReviewedIdentityField): string => LABELS[field];

/** "Employer: The Ledger → The Courier; Title: …", for the history and the pages. */
export function describeIdentityChange(approved: ApprovedIdentity, fields: IdentityValues): string {
  return REVIEWED_IDENTITY_FIELDS.filter((field) => field in fields)
    .map((field) => `${LABELS[field]}: ${approved[field] || '(none)'} → ${fields[field] || '(none)'}`)
    .join('; ');
}
