import type { Claim } from '../proofs/claims';

/** A site's host as a handle reads it: lower case, without a leading `www.`. */
const hostOf = (address: string): string | null => {
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
};

/**
 * The website proven on a profile whose host is the Bluesky handle `handle` — a domain handle such as `jane.example`
 * for a proven `https://jane.example/` (`www.` aside) — or undefined. Whoever proved the site controls its domain,
 * the control that sets a domain's handle (its `_atproto` record or `/.well-known/atproto-did`): with the handle
 * resolving to the account and back, the account is theirs.
 */
export function provenWebsiteOfHandle(handle: string, claims: readonly Claim[]): Claim | undefined {
  const wanted = handle.toLowerCase();
  return claims.find((claim) => claim.kind === 'website' && claim.state === 'proven' && hostOf(claim.value) === wanted);
}
