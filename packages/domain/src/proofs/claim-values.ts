import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '../domain/types';
import { fediverseProfilePage, normaliseFediverseAccount } from '../social/fediverse-account';
import { handleKey, InvalidHandleError, normalizeHandle } from '../social/social-handle';
import { InvalidBlueskyAccountError, parseBlueskyAccount } from '../social/bluesky-account';
import { canonicalizeUrl } from '../url/canonical-url';
import type { ClaimKind } from './claims';

/**
 * Only the v1 networks are networks: their proven handles enter the lookup index and `profile_social_profiles`.
 * Anything else (websites, fediverse accounts) is proven by a page and answers nothing by itself.
 */
export const isNetwork = (kind: ClaimKind): kind is SocialType => (SOCIAL_TYPES as readonly string[]).includes(kind);

/** Claims proven by a rel="me" link on a page of their own: websites and fediverse accounts. */
export const isProvenByPage = (kind: ClaimKind): kind is 'website' | 'fediverse' => kind === 'website' || kind === 'fediverse';

/** The value cannot be a fediverse account (`@user@host`). */
export class InvalidFediverseAccountError extends InvalidHandleError {
  constructor(value: string) {
    super(`${JSON.stringify(value)} is not a fediverse account such as @name@mastodon.social`);
  }
}

function fediverseAccount(value: string): string {
  const normal = normaliseFediverseAccount(value);
  if (!normal) throw new InvalidFediverseAccountError(value);
  return normal;
}

/**
 * The lookup key of a claimed value: the handle key of a network, the canonical address of a website, the
 * account in lower case for a fediverse account (servers treat user names case-insensitively).
 */
export function claimKey(kind: ClaimKind, value: string): string {
  if (kind === 'fediverse') return fediverseAccount(value).toLowerCase();
  if (kind === 'bluesky') {
    // A Bluesky account's key is its DID, which only resolving a handle gives: a handle's claim is written with its key.
    const named = parseBlueskyAccount(value);
    if (named.did === undefined) throw new InvalidBlueskyAccountError(value);
    return named.did;
  }
  return isNetwork(kind) ? handleKey(kind, value) : canonicalizeUrl(value);
}

/** The normal form a claimed value is stored in; throws InvalidHandleError / InvalidUrlError for impossible ones. */
export function normalClaimValue(kind: ClaimKind, value: string): string {
  if (kind === 'fediverse') return fediverseAccount(value);
  if (kind === 'bluesky') {
    const named = parseBlueskyAccount(value);
    return named.did ?? named.handle;
  }
  if (isNetwork(kind)) return normalizeHandle(kind, value, 'known');
  canonicalizeUrl(value);
  return value.trim();
}

/** The page a rel="me" proof of the claim is read from: the website itself, or the fediverse account's profile page. */
export function claimedPageOf(kind: 'website' | 'fediverse', value: string): string | null {
  return kind === 'fediverse' ? fediverseProfilePage(value) : value;
}

/** What a store's setClaims works from: per kind, the normal values and their keys. */
export type WantedClaims = { kind: ClaimKind; entries: { value: string; key: string }[] }[];

/** A Bluesky account as a claim: keyed by its DID, showing its handle (its DID while it has no confirmed handle). */
export const blueskyClaim = (account: { did: string; handle: string | null }): { value: string; key: string } => ({
  value: account.handle ?? account.did,
  key: account.did,
});

export function wantedClaims(values: Partial<Record<ClaimKind, string[]>>): WantedClaims {
  return Object.entries(values).map(([kind, list]) => {
    const normal = [...new Set((list ?? []).filter((v) => v.trim()).map((v) => normalClaimValue(kind as ClaimKind, v)))];
    // Two spellings of one account have one key: keep the first, as the store keeps one live claim per key.
    const byKey = new Map<string, string>();
    for (const value of normal) {
      const key = claimKey(kind as ClaimKind, value);
      if (!byKey.has(key)) byKey.set(key, value);
    }
    return { kind: kind as ClaimKind, entries: [...byKey].map(([key, value]) => ({ value, key })) };
  });
}

/** A profile form's handles (already normal) as the network claims it asks for: one per network, or none. */
export function networkClaims(social: SocialProfiles): WantedClaims {
  return SOCIAL_TYPES.map((type) => ({
    kind: type,
    entries: social[type] ? [{ value: social[type], key: handleKey(type, social[type]) }] : [],
  }));
}
