import type { ProofNotice } from '../proof-notice';
import { shownValue, SIGN_IN_NOT_STARTED_HERE, spentSignIn } from '../proof-wording';
import type { BlueskySignInError } from './bluesky-oauth';
import type { BlueskyCallbackResult } from './bluesky-sign-in-proof';

/** An account as the journalist reads it: @handle, or its DID when no handle names it. */
const shown = (handle: string | null, did: string) => (handle ? shownValue('bluesky', handle) : did);

/**
 * What the profile page says after "Sign in with Bluesky": the account proven, or why nothing was — declined or
 * abandoned, signed in as another account than the one claimed, the account's server not answering — always
 * with what to do next.
 */
export function blueskySignInOutcome(outcome: BlueskyCallbackResult | { ok: false; error: BlueskySignInError }): ProofNotice {
  if (outcome.ok) {
    const { claim } = outcome;
    return {
      text: `Your Bluesky account ${shown(claim.value, claim.key)} is proven: you signed in with Bluesky.`,
      tone: 'ok',
      claimId: claim.id,
    };
  }
  const error = (text: string): ProofNotice => ({ text, tone: 'error' });
  if ('error' in outcome) {
    switch (outcome.error.kind) {
      case 'declined':
        return error('You did not allow Byline to see your Bluesky account, so nothing was proven.');
      case 'refused':
        return error('Bluesky did not complete this sign-in, so nothing was proven. Start again from your profile.');
      case 'unavailable':
        return error('Your Bluesky account’s server is not answering, so nothing was proven; try again later.');
    }
  }
  switch (outcome.reason) {
    case 'another-account':
      return error(
        `You signed in to Bluesky as ${shown(outcome.handle, outcome.did)}, not as the account on your profile, so nothing was proven. Sign in with the account you claimed, or change the claim.`,
      );
    case 'not-claimed':
      return error('Your profile no longer claims this Bluesky account, so nothing was proven.');
    case 'held-by-another':
      return error('This Bluesky account is already proven on another Byline profile. If it is yours, ask an editor to move it.');
    case 'used':
    case 'expired':
      return error(spentSignIn(outcome.reason, 'Bluesky'));
    default:
      return error(SIGN_IN_NOT_STARTED_HERE);
  }
}
