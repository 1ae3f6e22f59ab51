import { createHash } from 'node:crypto';
import { handleKey } from '@byline/domain/social/social-handle';
import { type SocialType } from '@byline/domain/domain/types';
import { notifyReleased } from '@byline/editorial/notify/released-claims';
import { type OwnerNotifier } from '@byline/editorial/notify/owner-notifier';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { type ProofAttempt, type ProofAttemptStore } from '@byline/domain/proofs/proof-attempts';
import { claimTitle } from '@byline/domain/proofs/claim-wording';
import { isLiveClaim } from '@byline/domain/proofs/claims';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import type { NetworkSignIn, ProvenAccount } from './network-sign-in/network-sign-in';

/** How long a journalist has between "Sign in with …" and the provider's redirect back. */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** Only a hash of `state` is stored: the attempt cannot be completed from a copy of the store. */
export const stateHashOf = (state: string): string => createHash('sha256').update(state).digest('hex');

/** Where the provider sends the browser back: on PUBLIC_PORTAL_URL, never on the request's Host. */
export const callbackUriOf = (portalUrl: string, network: SocialType): string =>
  `${portalUrl.replace(/\/+$/, '')}/profile/proofs/callback/${network}`;

export interface NetworkProofDeps {
  claims: ClaimsRepository;
  /** Sign-ins in progress, until the provider's redirect back takes them. */
  proofAttempts: ProofAttemptStore;
  networkSignIn: NetworkSignIn;
  portalUrl: string;
  now: () => Date;
  /** Tells the owners of the unproven claims a proof released. */
  notifier?: OwnerNotifier;
}

/**
 * Starts a sign-in that proves the profile's handle on `network`: the attempt (state hash, nonce, PKCE
 * verifier, the handle claimed now) is kept in the store for the callback; the browser goes to the answer's
 * address. Throws the sign-in module's errors (not configured, provider unavailable).
 */
export async function startNetworkProof(
  { claims, proofAttempts, networkSignIn, portalUrl, now }: NetworkProofDeps,
  user: PortalUser & { profileId: number },
  network: SocialType,
): Promise<{ authorizationUrl: string }> {
  const start = await networkSignIn.begin(network, callbackUriOf(portalUrl, network));
  const claimed = (await claims.claimsOf(user.profileId)).find((claim) => isLiveClaim(claim) && claim.kind === network);
  const attempt = proofAttemptOf(user, network, claimed?.value ?? '', start, now());
  await proofAttempts.createProofAttempt(attempt);
  return { authorizationUrl: start.authorizationUrl };
}

/**
 * A sign-in in progress as the attempts keep it until the provider's redirect back: the hash of its `state` (never the
 * state itself), what the callback needs to complete it, the value claimed, and ATTEMPT_TTL_MS to come back in.
 */
export function proofAttemptOf(
  user: PortalUser & { profileId: number },
  network: ProofAttempt['network'],
  claimedValue: string,
  start: { state: string; nonce?: string; codeVerifier: string; clientState?: string },
  createdAt: Date,
): ProofAttempt {
  return {
    stateHash: stateHashOf(start.state),
    userId: user.id,
    profileId: user.profileId,
    network,
    claimedValue,
    nonce: start.nonce ?? '',
    codeVerifier: start.codeVerifier,
    ...(start.clientState === undefined ? {} : { clientState: start.clientState }),
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + ATTEMPT_TTL_MS).toISOString(),
  };
}

export type CallbackResult =
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'another-user' | 'another-network' }
  | { ok: false; reason: 'held-by-another' | 'no-such-profile'; account: ProvenAccount }
  | { ok: true; account: ProvenAccount; claimedValue: string };

/**
 * Completes a sign-in from the provider's redirect back (`callbackUrl`: the public address with the request's
 * path and query). The attempt is taken once, whatever follows; it must be this user's and this network's.
 * The handle proven is the provider's answer (`account.username`), never the one claimed in the form.
 * Throws the sign-in module's errors (refused, unavailable, unusable answer).
 */
export async function completeNetworkProof(
  { claims, proofAttempts, networkSignIn, now, notifier }: NetworkProofDeps,
  user: PortalUser,
  network: SocialType,
  callback: { state: string; callbackUrl: string },
): Promise<CallbackResult> {
  const taken = await proofAttempts.takeProofAttempt(stateHashOf(callback.state), now());
  if (taken.status !== 'taken') return { ok: false, reason: taken.status };
  const { attempt } = taken;
  if (attempt.userId !== user.id || attempt.profileId !== user.profileId) return { ok: false, reason: 'another-user' };
  if (attempt.network !== network) return { ok: false, reason: 'another-network' };
  const account = await networkSignIn.complete(network, {
    callbackUrl: callback.callbackUrl,
    state: callback.state,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
  });
  const proof = await recordProof(
    claims,
    {
      profileId: attempt.profileId,
      kind: network,
      value: account.username,
      evidence: {
        method: 'network-sign-in',
        provider: account.provider,
        provenValue: account.username,
        subject: account.subject,
        by: `network:${account.provider.id}`,
      },
    },
    // The network vouched, not a person: the history of a profile whose claim was released names the network.
    { actor: `network:${account.provider.id}` },
  );
  if (!proof.ok) return { ok: false, reason: proof.reason, account };
  if (notifier)
    notifyReleased(
      notifier,
      proof.released,
      claimTitle({ kind: network, value: account.username }),
      'its owner proved it on another profile.',
    );
  return { ok: true, account, claimedValue: attempt.claimedValue };
}

/** Whether the account signed in to is another one than the handle the form claimed. */
export function signedInAsAnother(network: SocialType, claimedValue: string, username: string): boolean {
  if (!claimedValue) return false;
  try {
    return handleKey(network, claimedValue) !== handleKey(network, username);
  } catch {
    return true;
  }
}
