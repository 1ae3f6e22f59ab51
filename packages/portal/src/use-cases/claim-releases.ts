import { isLiveClaim, type Claim, type ClaimStore, type PortalStore } from '@byline/shared';
import { claimTitle } from '../proofs/proof-wording';

export interface ReleaseDeps {
  portalStore: PortalStore;
  claims: ClaimStore;
}

/** Who puts a verified profile back in the editors' queue when it is left without a live proof. */
export const NO_PROOF_REQUESTER = 'byline:no-live-proof';

const isProven = (claim: Claim): boolean => isLiveClaim(claim) && claim.state === 'proven';

/** Whether the profile holds at least one live proven claim. */
export const hasProof = (claims: Claim[]): boolean => claims.some(isProven);

async function sendBackIfVerified({ portalStore }: ReleaseDeps, profileId: number, why: string): Promise<boolean> {
  const profile = await portalStore.findProfileById(profileId);
  if (!profile?.verified) return false;
  return portalStore.returnToQueue({
    profileId,
    actor: NO_PROOF_REQUESTER,
    action: 'no-live-proof',
    note: `No live proof left: ${why}`,
  });
}

/**
 * Nothing stays verified without something proven. Runs `change`, which may release some of the profile's proven
 * claims (`leaving` picks those it will), and sends a verified profile that the change leaves without a live
 * proof back to the editors' queue, unverified, with a history entry saying why (`why`, given the proven claims
 * it had). A profile that had no proof before (approved on an editor's override) is left alone: the change took
 * nothing from it.
 *
 * Where the outcome can be foreseen the profile goes back BEFORE the change, so that an interruption in between
 * leaves it unverified with its proof still there (an editor approves it again), never verified without one;
 * the claims are read again afterwards for what could not be foreseen. A change refused after the profile went
 * back leaves it unverified, which is safe, and its history says why.
 */
export async function releasingProofs<T>(
  deps: ReleaseDeps,
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

/**
 * A proof released other profiles' unproven claims of its handle: each of those profiles gets a history entry
 * naming the claim and why it went, which its owner reads on their profile page and editors on the review page.
 */
export async function recordReleases(
  { portalStore, claims }: ReleaseDeps,
  released: { profileId: number; claimId: number }[],
  actor: string,
): Promise<void> {
  for (const { profileId, claimId } of released) {
    const claim = (await claims.claimsOf(profileId)).find((candidate) => candidate.id === claimId);
    if (!claim) continue;
    await portalStore.recordAudit({
      profileId,
      actor,
      action: 'claim-released',
      note: `${claimTitle(claim)}: ${claim.releasedReason ?? 'released'}`,
    });
  }
}
