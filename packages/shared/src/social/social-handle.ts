import type { SocialType } from '../domain/types';

/** Names a caller may use for a network in a lookup; `x` is twitter's other name. */
const TYPE_ALIASES: Record<string, SocialType> = {
  twitter: 'twitter',
  x: 'twitter',
  linkedin: 'linkedin',
  facebook: 'facebook',
  instagram: 'instagram',
};

export const LOOKUP_SOCIAL_TYPES = Object.keys(TYPE_ALIASES);

export function resolveSocialType(value: string): SocialType | undefined {
  return TYPE_ALIASES[value.trim().toLowerCase()];
}

const PROFILE_HOSTS: Record<SocialType, string[]> = {
  twitter: ['twitter.com', 'x.com', 'mobile.twitter.com'],
  linkedin: ['linkedin.com'],
  facebook: ['facebook.com', 'm.facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
};

export class InvalidHandleError extends Error {}

/** Takes the username out of a profile address such as https://x.com/name or https://www.linkedin.com/in/name. */
function usernameFromProfileUrl(type: SocialType, raw: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new InvalidHandleError('is not a valid profile address');
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!PROFILE_HOSTS[type].includes(host)) throw new InvalidHandleError(`is an address that is not a ${type} profile`);
  const segments = url.pathname.split('/').filter(Boolean);
  const username = type === 'linkedin' && segments[0] === 'in' ? segments[1] : segments[0];
  if (!username) throw new InvalidHandleError('is a profile address without a username');
  return decodeURIComponent(username);
}

function looksLikeProfileUrl(raw: string): boolean {
  return /^https?:\/\//i.test(raw) || /^(www\.)?[a-z.]*(twitter|x|linkedin|facebook|fb|instagram)\.com\//i.test(raw);
}

/**
 * The username as a person wrote it, reduced to what identifies the account: trimmed, one leading `@`
 * dropped, a full profile address reduced to its username. Case is kept (see handleKey).
 */
export function extractUsername(type: SocialType, raw: string): string {
  const trimmed = raw.trim();
  const username = looksLikeProfileUrl(trimmed) ? usernameFromProfileUrl(type, trimmed) : trimmed.replace(/^@/, '');
  if (!username) throw new InvalidHandleError('is empty');
  return username;
}

/** The lookup key of a handle: the username, lower-cased. Any other difference (an underscore, a dot) is a different user. */
export function handleKey(type: SocialType, raw: string): string {
  return extractUsername(type, raw).toLowerCase();
}
