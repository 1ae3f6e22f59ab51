import type { ClaimsRepository, PortalStore } from '@byline/shared';
import { claimTitle } from '../proofs/proof-wording';

export interface ReleaseDeps {
  portalStore: PortalStore;
  profileClaims: Pick<ClaimsRepository, 'claimsOf'>;
}

/**
 * A proof released other profiles' unproven claims of its handle: each of those profiles gets a history entry
 * naming the claim and why it went, which its owner reads on their profile page and editors on the review page.
 */
export async function recordReleases(
  { portalStore, profileClaims }: ReleaseDeps,
  released: { profileId: number; claimId: number }[],
  actor: string,
): Promise<void> {
  for (const { profileId, claimId } of released) {
    const claim = (await profileClaims.claimsOf(profileId)).find((candidate) => candidate.id === claimId);
    if (!claim) continue;
    await portalStore.recordAudit({
      profileId,
      actor,
      action: 'claim-released',
      note: `${claimTitle(claim)}: ${claim.releasedReason ?? 'released'}`,
    });
  }
}
