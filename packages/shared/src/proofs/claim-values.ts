import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '../domain/types';
import { handleKey, normalizeHandle } from '../social/social-handle';
import { canonicalizeUrl } from '../url/canonical-url';
import type { ClaimKind } from './claims';

export const isNetwork = (kind: ClaimKind): kind is SocialType => kind !== 'website';

/** The lookup key of a claimed value: the handle key of a network, the canonical address of a website. */
export function claimKey(kind: ClaimKind, value: string): string {
  return isNetwork(kind) ? handleKey(kind, value) : canonicalizeUrl(value);
}

/** The normal form a claimed value is stored in; throws InvalidHandleError / InvalidUrlError for impossible ones. */
export function normalClaimValue(kind: ClaimKind, value: string): string {
  if (isNetwork(kind)) return normalizeHandle(kind, value, 'known');
  canonicalizeUrl(value);
  return value.trim();
}

/** What a store's setClaims works from: per kind, the normal values and their keys. */
export type WantedClaims = { kind: ClaimKind; entries: { value: string; key: string }[] }[];

export function wantedClaims(values: Partial<Record<ClaimKind, string[]>>): WantedClaims {
  return Object.entries(values).map(([kind, list]) => {
    const normal = [...new Set((list ?? []).filter((v) => v.trim()).map((v) => normalClaimValue(kind as ClaimKind, v)))];
    return { kind: kind as ClaimKind, entries: normal.map((value) => ({ value, key: claimKey(kind as ClaimKind, value) })) };
  });
}

/** A profile form's handles (already normal) as the network claims it asks for: one per network, or none. */
export function networkClaims(social: SocialProfiles): WantedClaims {
  return SOCIAL_TYPES.map((type) => ({
    kind: type,
    entries: social[type] ? [{ value: social[type], key: handleKey(type, social[type]) }] : [],
  }));
}
