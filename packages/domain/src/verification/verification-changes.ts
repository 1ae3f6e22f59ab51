import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import { step, type Steps } from '../store/steps';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import type { ReturnToQueue, VerificationDecision, VerificationRequest } from './verification-repository';
import type { VerificationUnitOfWrite } from './verification-unit';

/*
 * The editors' queue and their decisions, written once for both databases (see database/steps.ts). Every change
 * appends its audit record; a change of the verified flag stores its webhook event with it and re-renders the
 * profile's answers (its outlets show only verified staff). The order is MongoDB's, where each step is a separate
 * write, chosen so that no interruption changes the flag unaudited or leaves verified a profile that lost its proof;
 * on SQLite all of it is one transaction.
 */

/**
 * Opens a request unless one is pending (then that one). The request first, then its "requested" record: of two
 * concurrent requests only the one the store opened is audited.
 */
export function* requestSteps(
  unit: VerificationUnitOfWrite,
  profileId: number,
  requestedBy: string,
  at: string,
): Steps<VerificationRequest> {
  const { request, opened } = yield* step(unit.openRequest(profileId, requestedBy, at));
  if (opened) {
    const requested = { profileId, actor: requestedBy, action: 'requested' as const, note: '', at: request.requestedAt };
    yield* step(unit.appendAudit(requested));
  }
  return request;
}

/**
 * An editor's (or the operator's) decision: the audit record, the flag, then the pending request closed.
 * Interrupted after the record, the request is still in the queue (an editor decides again); after the flag, the
 * request waits though decided (deciding again is harmless). False when there is no such profile.
 */
export function* decideSteps(unit: VerificationUnitOfWrite, decision: VerificationDecision, at: string): Steps<boolean> {
  const { profileId, actor, action, note } = decision;
  const profile = yield* step(unit.profile(profileId));
  if (!profile) return false;
  const verified = action === 'verified';
  yield* step(unit.appendAudit({ profileId, actor, action, note, at }));
  yield* setVerified(unit, profileId, profile.slug, verified, at);
  const pending = yield* step(unit.pendingRequest(profileId));
  if (pending) yield* step(unit.closeRequest(pending, verified ? 'approved' : 'rejected'));
  return true;
}

/**
 * Back to the editors' queue, unverified: the flag off first (no interruption leaves verified a profile that lost
 * its last proof), then the audit record, then a pending request unless one is open. False when no such profile.
 */
export function* returnToQueueSteps(unit: VerificationUnitOfWrite, record: ReturnToQueue, at: string): Steps<boolean> {
  const { profileId, actor, action, note } = record;
  const profile = yield* step(unit.profile(profileId));
  if (!profile) return false;
  yield* setVerified(unit, profileId, profile.slug, false, at);
  yield* step(unit.appendAudit({ profileId, actor, action, note, at }));
  yield* step(unit.openRequest(profileId, actor, at));
  return true;
}

/**
 * The owner takes back their pending request: the "withdrawn" record first, keyed by the request so that of two
 * concurrent withdrawals one is recorded (and answers true), then the request closed. Interrupted in between, the
 * history says withdrawn while the request waits: withdrawing again closes it. False when none is pending.
 */
export function* withdrawSteps(unit: VerificationUnitOfWrite, profileId: number, actor: string, at: string): Steps<boolean> {
  const pending = yield* step(unit.pendingRequest(profileId));
  if (!pending) return false;
  const withdrawn = { profileId, actor, action: 'withdrawn' as const, note: '', at };
  const recorded = yield* step(unit.appendAudit(withdrawn, `withdrawn:${pending.id}`));
  yield* step(unit.closeRequest(pending, 'withdrawn'));
  return recorded;
}

/** The flag with its webhook event; an unverified profile's answers go out of service first (see takeOutOfService). */
function* setVerified(
  unit: VerificationUnitOfWrite,
  profileId: number,
  slug: string,
  verified: boolean,
  at: string,
): Steps<void> {
  if (!verified) yield* takeOutOfService(unit.answers, [profileId]);
  yield* step(unit.writeVerified(profileId, verified, journalistVerificationEvent(slug, verified, new Date(at))));
  yield* rerenderAnswers(unit.answers, [profileId]); // its outlets show only verified staff
}
