import type { ClaimPlace, ClaimsUnitOfWrite } from './claims-repository';
import { step, type Steps } from '../store/steps';
import { takeOutOfService } from '../answers/take-out-of-service';

type Releasing = Pick<ClaimsUnitOfWrite, 'leaveLookup' | 'markReleased' | 'endEvidence' | 'answers'>;

/**
 * Ends live claims: their proven handles stop finding the profile, the claims keep their records with the reason
 * (their owners read it), their proofs end. The caller shows the profiles' proven handles again afterwards
 * (showProvenHandles).
 *
 * Order (MongoDB, where each is a separate write): the lookup entries leave first, so an interruption never
 * leaves a handle answering for a claim that is ending; then the claims are released; then their proofs end (the
 * owners' answers, which show the claims and their evidence, taken out of service before each); then the lookup
 * entries are taken out once more, in case a proof of one of these claims entered the lookup between
 * the first removal and the release (it found the claim still live then). Interrupted, a released claim may keep
 * a live re-checked proof, which the checker ends when it takes it.
 */
export function* releaseClaims(
  unit: Releasing,
  claims: (ClaimPlace & { id: number })[],
  reason: string,
  now: string,
): Steps<void> {
  if (claims.length === 0) return;
  const ids = claims.map((claim) => claim.id);
  const owners = [...new Set(claims.map((claim) => claim.profileId))];
  yield* step(unit.leaveLookup(claims));
  yield* takeOutOfService(unit.answers, owners);
  yield* step(unit.markReleased(ids, reason, now));
  yield* takeOutOfService(unit.answers, owners);
  yield* step(unit.endEvidence(ids, reason, now));
  yield* step(unit.leaveLookup(claims));
}
