import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import { showProvenHandles } from '../claims/proven-handles';
import { step, type Steps } from '../store/steps';
import type { CheckRecord } from './recheck-records';
import type { CheckedProofFields, RecheckUnitOfWrite } from './recheck-unit';

/**
 * Records a re-check of a proof (CheckRecord, as the re-check decided it) and settles its queue item, written once for
 * both databases (see database/steps.ts); false, nothing recorded, when the lease has passed to another checker or
 * the proof has ended. On SQLite it is one transaction. On MongoDB (no transactions) each step is a single-document
 * write, in this order, so that an interruption anywhere leaves nothing verified that should not be and nothing
 * unchecked for good:
 * 1. the lease is confirmed (the queue item is still the holder's), and the proof still live (ended meanwhile, its
 *    claim released: nothing to record, and its item is of no more use, settled done as takeDueChecks would);
 * 2. for a lapse: the handle leaves the lookup index (it stops verifying), the claim becomes `lapsed` and the
 *    profile's handles and answers follow, then the pending request and the `proof-lapsed` history entry;
 * 3. the proof's re-check fields (and, for an end, its end); a proof ending while its claim stays proven by another
 *    has its profile's answers taken out of service first and rendered again after (they showed it as evidence);
 * 4. the queue item is settled LAST: until then it stays leased, so an interrupted check is taken again once the
 *    lease expires and checked again (a proof that ended by then is simply taken off the queue).
 * A lease that expires between 1 and 4 lets another checker check the proof as well; both write what they saw, as a
 * check after the lease would have, and this one answers lease-lost. Interrupted within 2, a proof that then holds
 * leaves its claim lapsed, for the journalist to prove again: it fails closed.
 */
export function* recordCheckSteps(unit: RecheckUnitOfWrite, record: CheckRecord): Steps<boolean> {
  const { item, evidenceId, at, failingSince, lastFailure, next, lapse } = record;
  if ((yield* step(unit.leaseHolder(item.id))) !== item.holder) return false;
  const evidence = yield* step(unit.evidence(evidenceId));
  if (!evidence || evidence.endedAt !== null) {
    yield* step(unit.settle(item, 'done', at));
    return false;
  }
  const when = at.toISOString();
  const ends = 'endedReason' in next;
  if (lapse) yield* lapseClaim(unit, lapse, when);
  const owner = ends && !lapse ? yield* step(unit.ownerOfClaim(evidence.claimId)) : null;
  if (owner !== null) yield* takeOutOfService(unit.answers, [owner]);
  const fields: CheckedProofFields = {
    lastCheckedAt: when,
    failingSince,
    lastFailure,
    nextCheckAt: ends ? null : next.dueAt.toISOString(),
    endedAt: ends ? when : null,
    endedReason: ends ? next.endedReason : null,
  };
  if (!(yield* step(unit.writeCheck(evidenceId, fields)))) return false;
  if (owner !== null) yield* rerenderAnswers(unit.answers, [owner]);
  return yield* step(unit.settle(item, ends ? 'done' : { dueAt: next.dueAt }, at));
}

/**
 * The claim the end leaves without a live proof: out of the lookup index, `lapsed`, its profile's handles and
 * answers following (showProvenHandles), a pending request unless one is open, and the history entry.
 */
function* lapseClaim(unit: RecheckUnitOfWrite, { claim, request }: NonNullable<CheckRecord['lapse']>, at: string): Steps<void> {
  const { actor, action, note } = request;
  yield* step(unit.claims.leaveLookup([claim]));
  yield* step(unit.setLiveClaimState(claim.id, 'lapsed', at));
  yield* showProvenHandles(unit.claims, [claim.profileId]);
  yield* step(unit.openRequest(claim.profileId, actor, at));
  yield* step(unit.claims.appendHistory({ profileId: claim.profileId, actor, action, note }, at));
}
