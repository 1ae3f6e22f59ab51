import { isLiveClaim, type Claim } from '@byline/domain/proofs/claims';
import { InvalidBlueskyAccountError, parseBlueskyAccount } from '@byline/domain/social/bluesky-account';
import {
  BlueskyResolutionError,
  resolveBlueskyAccount,
  type BlueskyAccount,
  type BlueskySources,
} from '@byline/editorial/bluesky/bluesky-identity';

export type BlueskyOfForm = { ok: true; account: { did: string; handle: string | null } | null } | { ok: false; error: string };

/**
 * The Bluesky account the profile form names (`bluesky`: a handle, `@handle` or a DID), resolved to its DID: the
 * claim's key. The account the profile already claims is kept as it is, unresolved, when the form names it again
 * (by its handle as shown, or its DID): saving a profile never waits on Bluesky's servers for what did not change.
 * A value that names no account is an error for the field, worded for the person who typed it.
 */
export async function blueskyOfForm(sources: BlueskySources, claims: Claim[], raw: string): Promise<BlueskyOfForm> {
  if (!raw.trim()) return { ok: true, account: null };
  let named: ReturnType<typeof parseBlueskyAccount>;
  try {
    named = parseBlueskyAccount(raw);
  } catch (error) {
    if (error instanceof InvalidBlueskyAccountError) return { ok: false, error: BLUESKY_FIELD_MESSAGE };
    throw error;
  }
  const current = claims.find((claim) => claim.kind === 'bluesky' && isLiveClaim(claim));
  if (current && (current.key === named.did || current.value === named.handle))
    return { ok: true, account: { did: current.key, handle: current.value.startsWith('did:') ? null : current.value } };
  let account: BlueskyAccount;
  try {
    account = await resolveBlueskyAccount(sources, raw);
  } catch (error) {
    if (!(error instanceof BlueskyResolutionError)) throw error;
    return {
      ok: false,
      error: error.unavailable
        ? `This Bluesky account could not be checked now (${error.message}); try again later`
        : `This Bluesky account cannot be found: ${error.message}`,
    };
  }
  return { ok: true, account: { did: account.did, handle: account.handle } };
}

export const BLUESKY_FIELD_MESSAGE =
  'This Bluesky account must be a handle (such as name.bsky.social or your own domain) or a DID (did:plc:…)';
