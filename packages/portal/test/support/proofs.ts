import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimKind } from '@byline/domain/proofs/claims';
import { signedInAs } from '@byline/test-support';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';

/**
 * Arranges a proven claim the way a completed sign-in leaves it (the sign-in itself is tested with a real provider in
 * test/proofs), for tests about what comes after a proof
 * (approval, lookups). Fails the test when the store refuses the proof.
 */
export async function proveClaim(claims: ClaimsRepository, profileId: number, kind: ClaimKind, value: string): Promise<void> {
  const result = await recordProof(claims, { profileId, kind, value, evidence: signedInAs(value) });
  if (!result.ok) throw new Error(`${kind} ${value} was not proven: ${result.reason}`);
}
