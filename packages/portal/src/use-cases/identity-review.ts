import { type PortalUser } from '@byline/domain/users/users-repository';
import { isOwnProfile } from '@byline/editorial/use-cases/verification';
import {
  REVIEWED_IDENTITY_FIELDS,
  type IdentityDecisionAction,
  type PendingIdentityChange,
} from '@byline/domain/profiles/identity-review';
import { type IdentityReview } from '@byline/domain/profiles/identity-review-repository';
import { slugFromNames } from './profiles';

/** What was decided on a pending identity change: what a mail notifier (or any other listener) is told. */
export interface IdentityDecisionEvent {
  profileId: number;
  action: IdentityDecisionAction;
  /** The editor's (or, for a cancellation, the owner's) email. */
  actor: string;
  note: string;
  change: PendingIdentityChange;
}

/**
 * Told after every identity decision is stored (PortalDeps.onIdentityDecision): where a mail to the journalist
 * will be attached. It runs after the decision, which stands whatever it does; its errors are logged, not shown.
 */
export type IdentityDecisionListener = (event: IdentityDecisionEvent) => void | Promise<void>;

export type IdentityDecisionResult =
  { ok: true } | { ok: false; reason: 'own-profile' | 'decline-needs-note' | 'no-pending-change' | 'changed-since' };

/**
 * An editor approves (the new values become the profile's, its answers re-rendered, and a new name its new public
 * address) or declines (a note says
 * why; the approved values stay) a verified profile's pending identity change — never on their own profile.
 */
export async function decideIdentityChange(
  identityReview: IdentityReview,
  editor: PortalUser,
  profileId: number,
  { decision, note, requestedAt }: { decision: 'approve' | 'decline'; note: string; requestedAt: string },
  notify: IdentityDecisionListener,
): Promise<IdentityDecisionResult> {
  if (editor.role !== 'editor') throw new Error('only editors decide identity changes');
  if (isOwnProfile(editor, profileId)) return { ok: false, reason: 'own-profile' };
  note = note.trim();
  if (decision === 'decline' && !note) return { ok: false, reason: 'decline-needs-note' };
  const action = decision === 'approve' ? 'identity-change-approved' : 'identity-change-declined';
  // An approved change of the name moves the public address with it; the old one redirects (see profile-slugs.ts).
  const outcome = await identityReview.decideIdentityChange({
    profileId,
    actor: editor.email,
    action,
    note,
    requestedAt,
    slugBaseOf: slugFromNames,
  });
  if (!outcome.ok) return outcome;
  await notify({ profileId, action, actor: editor.email, note, change: outcome.change });
  return { ok: true };
}

/** The owner withdraws their pending identity change; the profile keeps its approved values. */
export async function cancelIdentityChange(
  identityReview: IdentityReview,
  owner: PortalUser,
  notify: IdentityDecisionListener,
): Promise<boolean> {
  if (owner.profileId === null) return false;
  const action = 'identity-change-cancelled';
  const outcome = await identityReview.decideIdentityChange({ profileId: owner.profileId, actor: owner.email, action, note: '' });
  if (outcome.ok) await notify({ profileId: owner.profileId, action, actor: owner.email, note: '', change: outcome.change });
  return outcome.ok;
}

/**
 * The profile form shows the values the owner asked for while they wait: saving the form again for another field
 * keeps the pending change (saving the approved values back withdraws it).
 */
export function withPendingIdentity(form: Record<string, string>, pending: PendingIdentityChange | null | undefined) {
  if (!pending) return form;
  const asked = REVIEWED_IDENTITY_FIELDS.filter((field) => pending.fields[field] !== undefined);
  return { ...form, ...Object.fromEntries(asked.map((field) => [field, pending.fields[field]!])) };
}
