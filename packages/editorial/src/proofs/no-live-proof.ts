import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type Profiles } from '@byline/domain/profiles/profiles-repository';
import { type Verification } from '@byline/domain/verification/verification-repository';
import { isLiveClaim, liveEvidence, type Claim } from '@byline/domain/proofs/claims';

/**
 * Nothing stays verified without something proven: the one place that decides when a verified profile that lost
 * its proofs goes back to the editors' queue. The portal's moves and releases and the re-checks' lapses all end
 * proofs through endingProofs.
 */

export interface ProofLossDeps {
  profiles: Pick<Profiles, 'findById'>;
  verification: Pick<Verification, 'returnToQueue'>;
  claims: Pick<ClaimsRepository, 'claimsOf'>;
}

/** Who puts a verified profile back in the editors' queue when it is left without a live proof. */
export const NO_PROOF_REQUESTER = 'byline:no-live-proof';

/** A live claim in the proven state with at least one live proof: what a verification may rest on. */
const isProven = (claim: Claim): boolean => isLiveClaim(claim) && claim.state === 'proven' && liveEvidence(claim).length > 0;

/** Whether the profile holds at least one live proven claim. */
export const hasProof = (claims: Claim[]): boolean => claims.some(isProven);

async function sendBackIfVerified({ profiles, verification }: ProofLossDeps, profileId: number, why: string): Promise<boolean> {
  const profile = await profiles.findById(profileId);
  if (!profile?.verified) return false;
  return verification.returnToQueue({
    profileId,
    actor: NO_PROOF_REQUESTER,
    action: 'no-live-proof',
    note: `No live proof left: ${why}`,
  });
}

/**
 * Runs `change`, which may end some of the profile's proofs (a move or a release of its claims, a lapse of a
 * re-checked proof; `leaving` picks the proven claims it will leave without a live proof), and sends a verified
 * profile that the change leaves without any live proof back to the editors' queue, unverified — a pending
 * request (unless one is open) and a `no-live-proof` history entry saying why (`why`, given the proven claims it
 * had). Both verifiers read the verified flag, so they stop answering `verified: true` for it at once. A profile
 * that had no proof before (approved on an editor's or the operator's override) is left alone: the change took
 * nothing from it.
 *
 * Where the outcome can be foreseen the profile goes back BEFORE the change, so that an interruption in between
 * leaves it unverified with its proof still there (an editor approves it again), never verified without one;
 * the claims are read again afterwards for what could not be foreseen. A change refused after the profile went
 * back leaves it unverified, which is safe, and its history says why.
 */
export async function endingProofs<T>(
  deps: ProofLossDeps,
  profileId: number,
  { leaving, why }: { leaving: (claim: Claim) => boolean; why: (proven: Claim[]) => string },
  change: () => Promise<T>,
): Promise<T> {
  const proven = (await deps.claims.claimsOf(profileId)).filter(isProven);
  if (proven.length === 0) return change();
  const sentBack = proven.every(leaving) && (await sendBackIfVerified(deps, profileId, why(proven)));
  const result = await change();
  if (!sentBack && !hasProof(await deps.claims.claimsOf(profileId))) await sendBackIfVerified(deps, profileId, why(proven));
  return result;
}
