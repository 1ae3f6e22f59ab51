import type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
import type { DecisionAction } from '@byline/domain/audit/audit-repository';
import type { Verification } from '@byline/domain/verification/verification-repository';
import type { StoreRepositories } from '@byline/shared/store';
import type { OwnerNotifier } from '../notify/owner-notifier';
import { hasProof } from '../proofs/no-live-proof';
import type { PortalUser } from '@byline/domain/users/users-repository';

export type Decision = 'verify' | 'reject' | 'unverify';
const ACTIONS: Record<Decision, DecisionAction> = {
  verify: 'verified',
  reject: 'rejected',
  unverify: 'unverified',
};

export type DecisionResult =
  | { ok: true }
  /** Approving needs a proven handle or site, or the override; nobody decides on their own profile. */
  | { ok: false; reason: 'needs-proof' | 'override-needs-note' | 'needs-note' | 'no-such-profile' | 'own-profile' };

/**
 * A refusal or a withdrawal goes against the person: the journalist reads why in their history and in the mail, so
 * it never stands without a note. (An approval rests on its proofs, recorded with their evidence; its note is
 * optional unless it is an override.)
 */
export const NOTE_REQUIRED: ReadonlySet<Decision> = new Set<Decision>(['reject', 'unverify']);

/**
 * Separation of duties: an editor never decides on, attests the claims of, or moves a handle onto the profile of
 * their own portal account; another editor must. (`byline profiles verify` stays the operator's override.)
 */
export const isOwnProfile = (editor: PortalUser, profileId: number): boolean => editor.profileId === profileId;

/** What an editor reads when the rule above refuses them. */
export const OWN_PROFILE_REFUSAL =
  'This is your own profile: another editor must decide on it, attest its claims or move handles onto it.';

/** The audit note of an approval without proof: the history says it was an override, and why. */
export const overrideNote = (note: string): string => `Approved without proof (override): ${note}`;

/**
 * An editor's decision: sets the verified flag (read by both verifiers) and records who, when, what and why.
 * Approving needs at least one proven handle or site; without one, only an explicit override with a note.
 */
export async function decideVerification(
  { verification, claims, notifier }: { verification: Verification; claims: ClaimsRepository; notifier?: OwnerNotifier },
  editor: PortalUser,
  profileId: number,
  { decision, note, override = false }: { decision: Decision; note: string; override?: boolean },
): Promise<DecisionResult> {
  if (editor.role !== 'editor') throw new Error('only editors decide verification');
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
  note = note.trim();
  if (NOTE_REQUIRED.has(decision) && !note) return { ok: false, reason: 'needs-note' };
  let recorded = note;
  if (decision === 'verify' && !hasProof(await claims.claimsOf(profileId))) {
    if (!override) return { ok: false, reason: 'needs-proof' };
    if (!note) return { ok: false, reason: 'override-needs-note' };
    recorded = overrideNote(note);
  }
  const found = await verification.decide({
    profileId,
    actor: editor.email,
    action: ACTIONS[decision],
    note: recorded,
  });
  if (!found) return { ok: false, reason: 'no-such-profile' };
  // After the decision is stored: the owner is told what stands (a failed mail is logged, the decision kept).
  notifier?.notify({ kind: 'decision', profileId, action: ACTIONS[decision], note: recorded });
  return { ok: true };
}

/**
 * The audit note of `byline profiles verify|unverify`: the history says the operator overrode the editors' review,
 * and why when a reason was given.
 */
export const operatorOverrideNote = (verified: boolean, reason = ''): string =>
  `Operator’s override (byline profiles ${verified ? 'verify' : 'unverify'}), not an editor’s review${reason ? `: ${reason}` : ''}`;

export type OperatorDecisionResult = 'done' | 'no-such-profile' | 'needs-reason';

/**
 * `byline profiles verify|unverify SLUG` for operators: the operator's override, allowed on any profile and with
 * or without proof, audited as such. A withdrawal needs a reason (`--reason`), as an editor's needs a note: the
 * journalist reads it in their history.
 */
export async function setVerifiedByOperator(
  repositories: Pick<StoreRepositories, 'profiles' | 'verification'>,
  slug: string,
  verified: boolean,
  { reason = '', actor = 'operator (command line)' }: { reason?: string; actor?: string } = {},
): Promise<OperatorDecisionResult> {
  const why = reason.trim();
  if (!verified && !why) return 'needs-reason';
  const profile = await repositories.profiles.findBySlug(slug);
  if (!profile) return 'no-such-profile';
  const found = await repositories.verification.decide({
    profileId: profile.id,
    actor,
    action: verified ? 'verified' : 'unverified',
    note: operatorOverrideNote(verified, why),
  });
  return found ? 'done' : 'no-such-profile';
}
