import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import { endVouchedArticlesSteps } from '../articles/end-vouched-articles';
import { step, type Steps } from '../store/steps';
import type { Affiliation, AffiliationState } from './staff-repository';
import type { Closing, StaffUnitOfWrite } from './staff-unit';

/**
 * The journalist accepts an invitation for `profileId` (one to that profile, or one to an address, which it binds):
 * it becomes active, the journalist's other open invitation to the same publisher (by profile, when this one went to
 * their address) is answered by it, and the journalist's answers show the affiliation (their outlet's show them).
 * Null when it is not an open invitation for that profile, or the profile is already active staff of the publisher.
 *
 * Order (MongoDB): the other invitation is closed first; interrupted after, the person keeps this one, still open.
 */
export function* acceptInvitationSteps(
  unit: StaffUnitOfWrite,
  id: number,
  profileId: number,
  at: string,
): Steps<Affiliation | null> {
  const invitation = yield* step(unit.affiliation(id));
  if (!invitation || invitation.state !== 'invited') return null;
  if (invitation.profileId !== null && invitation.profileId !== profileId) return null;
  if (yield* step(unit.isActiveStaff(invitation.publisherId, profileId))) return null;
  const answered: Closing = { to: 'ended', actor: `profile:${profileId}`, reason: 'Another invitation was accepted.', at };
  yield* step(unit.closeInvitationsOf(invitation.publisherId, profileId, id, answered));
  if (!(yield* step(unit.markAccepted(id, profileId, at)))) return null;
  yield* rerenderAnswers(unit.answers, [profileId]); // the affiliation is evidence its answers show
  return yield* step(unit.affiliation(id));
}

/**
 * Closes an affiliation whose state is one of `from` (the journalist declines an invitation; either side ends an
 * invitation or an active affiliation). An active one ending ends the credits by name that rested on it (see
 * endVouchingSteps), and its journalist's and outlet's answers stop showing it. False when it was not open so.
 *
 * Order (MongoDB): an active affiliation's answers are taken out of service and what it held up ended before it
 * closes, and what it held up ended once more after (a proof the worker wrote meanwhile); then the re-render.
 */
export function* closeAffiliationSteps(
  unit: StaffUnitOfWrite,
  id: number,
  from: readonly AffiliationState[],
  closing: Closing,
): Steps<boolean> {
  const current = yield* step(unit.affiliation(id));
  if (current?.state === 'active' && current.profileId !== null && from.includes('active')) {
    yield* takeOutOfService(unit.answers, [current.profileId], [current.publisherId]);
    if (closing.to === 'ended') yield* endVouchedBy(unit, current, closing);
  }
  const before = yield* step(unit.close(id, from, closing));
  if (!before) return false;
  if (before.state === 'active' && before.profileId !== null) {
    if (closing.to === 'ended') yield* endVouchedBy(unit, before, closing);
    // An active affiliation was evidence its journalist's answers showed, and its outlet's answers showed them.
    yield* rerenderAnswers(unit.answers, [before.profileId], [before.publisherId]);
  }
  return true;
}

function* endVouchedBy(unit: StaffUnitOfWrite, affiliation: Affiliation, { actor, at }: Closing): Steps<void> {
  const publisherName = (yield* step(unit.publisherName(affiliation.publisherId))) ?? 'the publisher';
  const ending = { affiliationId: affiliation.id, profileId: affiliation.profileId!, publisherName, actor };
  yield* endVouchedArticlesSteps(unit.articles, ending, at);
}
