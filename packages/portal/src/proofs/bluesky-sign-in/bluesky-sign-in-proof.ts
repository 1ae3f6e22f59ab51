import { resolveDid, type BlueskySources } from '@byline/editorial/bluesky/bluesky-identity';
import { notifyReleased } from '@byline/editorial/notify/released-claims';
import { type OwnerNotifier } from '@byline/editorial/notify/owner-notifier';
import { BLUESKY_SIGN_IN_BY, blueskySignInEvidence } from '@byline/editorial/bluesky/bluesky-evidence';
import type { RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { blueskyClaim } from '@byline/domain/proofs/claim-values';
import { claimTitle } from '@byline/domain/proofs/claim-wording';
import { isLiveClaim, type Claim } from '@byline/domain/proofs/claims';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type ProofAttemptStore } from '@byline/domain/proofs/proof-attempts';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { proofAttemptOf, stateHashOf } from '../network-proof';
import { BlueskySignInError, type BlueskySignIn } from './bluesky-oauth';

export interface BlueskySignInProofDeps {
  claims: ClaimsRepository;
  proofAttempts: ProofAttemptStore;
  blueskySignIn: BlueskySignIn;
  bluesky: BlueskySources;
  /** How often the account is read again (its handle followed; see blueskySignInEvidence). */
  recheckPolicy: RecheckPolicy;
  now: () => Date;
  notifier?: OwnerNotifier;
}

const liveBlueskyClaim = async (claims: ClaimsRepository, profileId: number, claimId: number): Promise<Claim | undefined> =>
  (await claims.claimsOf(profileId)).find((claim) => claim.id === claimId && claim.kind === 'bluesky' && isLiveClaim(claim));

/**
 * Starts "Sign in with Bluesky" for the profile's claimed account `claimId`: the authorization server of the
 * account's PDS is asked (PAR) for a sign-in with that account's DID as the hint; the attempt (state hash, PKCE
 * verifier, the client's state, the DID claimed) is kept with the other sign-ins in progress. Null when the
 * profile has no such live claim. Throws BlueskySignInError when the account's server cannot be used.
 */
export async function startBlueskySignIn(
  { claims, proofAttempts, blueskySignIn, now }: BlueskySignInProofDeps,
  user: PortalUser & { profileId: number },
  claimId: number,
): Promise<{ authorizationUrl: string } | null> {
  const claim = await liveBlueskyClaim(claims, user.profileId, claimId);
  if (!claim) return null;
  const start = await blueskySignIn.begin(claim.key);
  const attempt = proofAttemptOf(user, 'bluesky', claim.key, start, now());
  await proofAttempts.createProofAttempt(attempt);
  return { authorizationUrl: start.authorizationUrl };
}

export type BlueskyCallbackResult =
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'another-user' | 'another-network' }
  | { ok: false; reason: 'not-claimed'; did: string }
  | { ok: false; reason: 'another-account'; did: string; claimedDid: string; handle: string | null }
  | { ok: false; reason: 'held-by-another' | 'no-such-profile'; did: string }
  | { ok: true; claim: Claim };

/**
 * Completes the sign-in from the callback's query. The attempt is taken once, whatever follows, and must be this
 * user's. The proof holds only when the account signed in to (the token's `sub`, whose PDS names the issuer, as
 * the client checks) is the DID the attempt was started for and the profile still claims it; the handle recorded
 * is the one that DID's document names and that resolves back to it today, never what anyone typed. Throws
 * BlueskySignInError (declined, refused, server unavailable).
 */
export async function completeBlueskySignIn(
  { claims, proofAttempts, blueskySignIn, bluesky, recheckPolicy, now, notifier }: BlueskySignInProofDeps,
  user: PortalUser,
  query: URLSearchParams,
): Promise<BlueskyCallbackResult> {
  const state = query.get('state') ?? '';
  const taken = await proofAttempts.takeProofAttempt(stateHashOf(state), now());
  if (taken.status !== 'taken') return { ok: false, reason: taken.status };
  const { attempt } = taken;
  if (attempt.userId !== user.id || attempt.profileId !== user.profileId) return { ok: false, reason: 'another-user' };
  if (attempt.network !== 'bluesky' || attempt.clientState === undefined) return { ok: false, reason: 'another-network' };
  const did = await blueskySignIn.complete(query, {
    state,
    codeVerifier: attempt.codeVerifier,
    clientState: attempt.clientState,
  });
  if (did !== attempt.claimedValue) {
    const other = await resolveDid(bluesky, did).catch(() => null);
    return { ok: false, reason: 'another-account', did, claimedDid: attempt.claimedValue, handle: other?.handle ?? null };
  }
  const claim = (await claims.claimsOf(attempt.profileId)).find(
    (candidate) => candidate.kind === 'bluesky' && candidate.key === did && isLiveClaim(candidate),
  );
  if (!claim) return { ok: false, reason: 'not-claimed', did };
  const account = await resolveDid(bluesky, did).catch((error: unknown) => {
    throw new BlueskySignInError('unavailable', `the signed-in account could not be read back (${String(error)})`, {
      cause: error,
    });
  });
  const shown = blueskyClaim(account);
  const proof = await recordProof(
    claims,
    {
      profileId: attempt.profileId,
      kind: 'bluesky',
      value: shown.value,
      key: shown.key,
      evidence: blueskySignInEvidence(shown.value, did, new Date(now().getTime() + recheckPolicy.intervalMs)),
    },
    // Bluesky vouched, not a person: the history of a profile whose claim this releases names it.
    { actor: BLUESKY_SIGN_IN_BY },
  );
  if (!proof.ok) return { ok: false, reason: proof.reason, did };
  if (notifier && proof.released.length)
    notifyReleased(
      notifier,
      proof.released,
      claimTitle({ kind: 'bluesky', value: shown.value }),
      'its owner proved it on another profile.',
    );
  return { ok: true, claim: proof.claim };
}
