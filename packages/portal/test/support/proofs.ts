import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimKind, type NewEvidence } from '@byline/domain/proofs/claims';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';

/** A proof as a network sign-in records it (the sign-in itself is tested with a real provider in test/proofs). */
export const signedInAs = (username: string): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.example', name: 'X' },
  provenValue: username,
  subject: `x-${username.toLowerCase()}`,
  by: 'network:https://x.example',
});

/**
 * Arranges a proven claim the way a completed sign-in leaves it, for tests about what comes after a proof
 * (approval, lookups). Fails the test when the store refuses the proof.
 */
export async function proveClaim(claims: ClaimsRepository, profileId: number, kind: ClaimKind, value: string): Promise<void> {
  const result = await recordProof(claims, { profileId, kind, value, evidence: signedInAs(value) });
  if (!result.ok) throw new Error(`${kind} ${value} was not proven: ${result.reason}`);
}
