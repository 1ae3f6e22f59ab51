import type { AuditHistory, ClaimStore } from '@byline/shared';
import { claimTitle } from '../proofs/proof-wording';

export interface ReleaseDeps {
  audit: AuditHistory;
  claims: ClaimStore;
}

/**
 * A proof released other profiles' unproven claims of its handle: each of those profiles gets a history entry
 * naming the claim and why it went, which its owner reads on their profile page and editors on the review page.
 */
export async function recordReleases(
  { audit, claims }: ReleaseDeps,
  released: { profileId: number; claimId: number }[],
  actor: string,
): Promise<void> {
  for (const { profileId, claimId } of released) {
    const claim = (await claims.claimsOf(profileId)).find((candidate) => candidate.id === claimId);
    if (!claim) continue;
    await audit.record({
      profileId,
      actor,
      action: 'claim-released',
      note: `${claimTitle(claim)}: ${claim.releasedReason ?? 'released'}`,
    });
  }
}
