import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import {
  describeIdentityChange,
  sameIdentityValues,
  splitIdentityChange,
  type IdentityDecision,
  type IdentityDecisionOutcome,
  type PendingIdentityChange,
} from './identity-review';
import type { IdentityUnitOfWrite } from './identity-unit';
import type { ProfileFields } from './profile-fields';
import { namesAfterChange, slugFitsBase, slugFollowsName } from './profile-slugs';
import { moveSlugSteps } from './slug-moves';

/*
 * The identity review's changes (the rules in identity-review.ts), written once for both databases (see
 * database/steps.ts). The answers only ever render the approved values, so no order exposes a value no editor
 * approved. On SQLite each change is one transaction; on MongoDB each step is a single-document write, in the order
 * each rule names.
 */

/** How often a save re-reads a profile whose verified flag or pending change moved under it (MongoDB). */
const SAVE_ATTEMPTS = 4;

/**
 * An editor's decision on the pending identity change (or its owner withdrawing it), at `at`. Order: the audit
 * record, then one write that moves the approved values into place (approval only) and removes the pending change,
 * holding only while the change is the one decided; then an approved name moves the slug (slug-moves.ts); then the
 * answers are re-rendered. Interrupted after the audit record, the change is still pending (an editor decides
 * again); after the values, the slug lags the name until the next approval and the answers lag until the next
 * re-render.
 */
export function* decideIdentitySteps(
  unit: IdentityUnitOfWrite,
  { profileId, actor, action, note, requestedAt, slugBaseOf }: IdentityDecision,
  at: string,
): Steps<IdentityDecisionOutcome> {
  const current = yield* step(unit.identityOf(profileId));
  const change = current?.pending;
  if (!current || !change) return { ok: false, reason: 'no-pending-change' };
  if (requestedAt !== undefined && requestedAt !== change.requested_at) return { ok: false, reason: 'changed-since' };
  yield* step(unit.appendAudit({ profileId, actor, action, note, at }));
  const approved = action === 'identity-change-approved';
  const values = approved ? (change.fields as Record<string, string>) : {};
  if (!(yield* step(unit.writeIdentity(profileId, values, null, { pending: change })))) {
    return { ok: false, reason: 'changed-since' };
  }
  if (!approved) return { ok: true, change };
  if (slugBaseOf) {
    // A verified profile's slug follows its name only through an approved change, and the one it leaves redirects.
    const { first, last } = namesAfterChange(current.approved, change.fields);
    const slugBase = slugBaseOf(first, last);
    // Read again: whether subscribers are told of the move follows the verified flag as it is now, not before the
    // decision's writes (on MongoDB a verification decided meanwhile is seen).
    const now = yield* step(unit.identityOf(profileId));
    if (now && !slugFitsBase(now.slug, slugBase)) yield* moveSlugSteps(unit, profileId, now, slugBase, { keepFormer: true }, at);
  }
  yield* rerenderAnswers(unit.answers, [profileId]);
  return { ok: true, change };
}

/**
 * A save's move of an unverified profile's slug to follow its name (profile-slugs.ts): nothing redirects from the
 * slug it leaves. The caller re-renders.
 */
export function* followNameSteps(unit: IdentityUnitOfWrite, profileId: number, slugBase: string, at: string): Steps<void> {
  const current = yield* step(unit.identityOf(profileId));
  if (current && slugFollowsName(current, slugBase)) {
    yield* moveSlugSteps(unit, profileId, current, slugBase, { keepFormer: false }, at);
  }
}

/**
 * A save's fields and pending change (splitIdentityChange), requested by `requestedBy` at `at`, in ONE write of the
 * profile: the approved values the answers render from and the change waiting beside them are never written apart.
 * The write holds only while the verified flag and the pending change are as read (else it reads again), so an
 * editor's decision or a verification made meanwhile is never overwritten. Then the "requested" audit record of a
 * new or different change: interrupted before it, the change is pending without its line in the history.
 * The typed handles are not written: they become claims, and the profile shows its proven ones only (the caller
 * shows them again, comparing with those kept here, so that only a proven handle's change is told by webhook).
 */
export function* saveIdentitySteps(
  unit: IdentityUnitOfWrite,
  profileId: number,
  requestedBy: string,
  fields: ProfileFields,
  at: string,
): Steps<void> {
  for (let attempt = 1; ; attempt++) {
    const current = yield* step(unit.identityOf(profileId));
    if (!current) throw new Error(`profile ${profileId} is missing`);
    const before = current.pending;
    const { applied, pending } = splitIdentityChange(current.approved, current.verified, fields);
    const unchanged = pending !== null && before !== null && sameIdentityValues(before.fields, pending);
    const requested: PendingIdentityChange | null = pending && { fields: pending, requested_by: requestedBy, requested_at: at };
    const { profile_social_profiles: _shown, ...values } = applied;
    if (!(yield* step(unit.writeIdentity(profileId, values, unchanged ? before : requested, current)))) {
      if (attempt < SAVE_ATTEMPTS) continue;
      throw new Error(`profile ${profileId} kept changing while being saved`);
    }
    if (pending && !unchanged) {
      const note = describeIdentityChange(current.approved, pending);
      yield* step(unit.appendAudit({ profileId, actor: requestedBy, action: 'identity-change-requested', note, at }));
    }
    return;
  }
}
