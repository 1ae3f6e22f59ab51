import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '../domain/types';
import { ACCOUNT_NUMBER_PAGES, NETWORK_PAGES, USERNAME_PARAMETERS } from './network-pages';

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

interface UsernameRule {
  /** What a new write may store: the network's own rule. */
  pattern: RegExp;
  /**
   * What a lookup still asks the store for: the network's punctuation with letters and digits of any script,
   * any length, so a handle stored before the rules above keeps answering. Anything else (`:`, `/`, `<`, a
   * space…) cannot be a handle, and the lookup answers "not a journalist" without reading the store.
   */
  lookup: RegExp;
  /** Completes "… must be": what the rule allows, for messages. */
  allowed: string;
  /** The same for the `known` rule (see HandleRule). */
  known: string;
}

const USERNAME_RULES: Record<SocialType, UsernameRule> = {
  twitter: {
    // "Your username cannot be longer than 15 characters" and "can only contain alphanumeric characters (letters
    // A-Z, numbers 0-9) with the exception of underscores" (help.x.com/en/managing-your-account/x-username-rules).
    // New names need at least 4, but older accounts are shorter (@x, @ev), so 1.
    pattern: /^[A-Za-z0-9_]{1,15}$/,
    lookup: /^[\p{L}\p{M}\p{N}_]+$/u,
    allowed: 'an X (Twitter) username: 1–15 letters A–Z, digits or underscores',
    known: 'an X (Twitter) username: letters, digits or underscores',
  },
  instagram: {
    // At most 30 characters; "Usernames can only use letters, numbers, underscores and periods"
    // (help.instagram.com, username requirements). Where periods may go (not twice in a row, not last) has
    // changed over the years, so it is not checked: a name Instagram once gave out is never refused here.
    pattern: /^[A-Za-z0-9._]{1,30}$/,
    lookup: /^[\p{L}\p{M}\p{N}._]+$/u,
    allowed: 'an Instagram username: 1–30 letters A–Z, digits, periods or underscores',
    known: 'an Instagram username: letters, digits, periods or underscores',
  },
  facebook: {
    // "Usernames can only contain alphanumeric characters (A–Z, 0–9) and periods", "must be at least 5 characters
    // long" (facebook.com/help/105399436216001); the username field takes at most 50. A profile without a
    // username is known by its numeric id (facebook.com/profile.php?id=…), of any length (Facebook's first are 1–4 digits).
    pattern: /^(?:[A-Za-z0-9.]{5,50}|[0-9]{1,20})$/,
    // Hyphens too: the address of a page without a username (facebook.com/Page-Name-123…) reduced to it before these rules.
    lookup: /^[\p{L}\p{M}\p{N}.-]+$/u,
    allowed: 'a Facebook username (5–50 letters A–Z, digits or periods) or a numeric profile id',
    known: 'a Facebook username (letters, digits, periods or hyphens) or a numeric profile id',
  },
  linkedin: {
    // The NAME of linkedin.com/in/NAME: "can be 3-100 characters long and should not contain spaces, symbols,
    // special characters" (linkedin.com/help/linkedin/answer/a542685). Assigned ones join the member's names with
    // hyphens and keep their script (/in/zoë-ní-bhriain-4b1a2c3, percent-encoded in the address), so letters of
    // any script, digits and hyphens. Underscores are not in today's rule but appear in addresses from before it;
    // allowed, so no real profile is refused.
    pattern: /^[\p{L}\p{M}\p{N}_-]{3,100}$/u,
    lookup: /^[\p{L}\p{M}\p{N}_-]+$/u,
    allowed: 'a LinkedIn profile name (the NAME of linkedin.com/in/NAME): 3–100 letters, digits or hyphens',
    known: 'a LinkedIn profile name (the NAME of linkedin.com/in/NAME): letters, digits, hyphens or underscores',
  },
};

const PROFILE_HOSTS: Record<SocialType, RegExp> = {
  twitter: /^(?:www\.|mobile\.)?(?:twitter|x)\.com$/,
  // Country sites too: ie.linkedin.com/in/NAME.
  linkedin: /^(?:www\.|[a-z]{2}\.)?linkedin\.com$/,
  facebook: /^(?:(?:www|m|web)\.)?facebook\.com$|^fb\.com$/,
  instagram: /^(?:www\.)?instagram\.com$/,
};

/** The value cannot name an account of that network at all: empty, another network's address, a broken address. */
export class InvalidHandleError extends Error {}

/** The value names a username that the network would never give out (see USERNAME_RULES). */
export class HandleSyntaxError extends InvalidHandleError {}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new InvalidHandleError('is not a valid profile address');
  }
}

/**
 * The username a network's own page names, if it is one (see network-pages.ts); undefined for any other address.
 * A page that names no username is a HandleSyntaxError, like any other value no account can have.
 */
function usernameOnNetworkPage(type: SocialType, url: URL, segments: string[]): string | undefined {
  const first = segments[0]!.toLowerCase();
  const page = segments.slice(0, 2).join('/').toLowerCase();
  const shown = `${url.hostname.replace(/^www\./, '')}/${segments.slice(0, 3).join('/')}`;
  const parameter = USERNAME_PARAMETERS[type]?.[page];
  const named = parameter ? url.searchParams.get(parameter)?.trim() : undefined;
  if (named) return named;
  if (ACCOUNT_NUMBER_PAGES[type]?.includes(page) && segments.length > 2) {
    throw new HandleSyntaxError(`is the address of an account number (${shown}), not of a username`);
  }
  if (NETWORK_PAGES[type].includes(first)) {
    throw new HandleSyntaxError(`is the address of a page of the network (${shown}), not of an account`);
  }
  return undefined;
}

/**
 * The username a profile address names, decoded; undefined when the address has none. An address of the
 * network that names no account is a HandleSyntaxError: a lookup answers it as unknown, as it did before
 * these forms were told apart.
 */
function usernameInPath(type: SocialType, url: URL): string | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  if (type === 'linkedin') {
    if (segments.length && segments[0] !== 'in') {
      throw new HandleSyntaxError('is a LinkedIn address that is not a profile (linkedin.com/in/NAME)');
    }
    return segments[1] && decoded(segments[1]);
  }
  if (type === 'facebook' && (segments[0] === 'profile.php' || segments[0] === 'people')) {
    // Profiles without a username: facebook.com/profile.php?id=ID and facebook.com/people/Their-Name/ID.
    const id = segments[0] === 'people' ? segments[2] && decoded(segments[2]) : url.searchParams.get('id');
    if (!id) throw new HandleSyntaxError('is a Facebook address without a profile id');
    return id;
  }
  if (!segments[0]) return undefined;
  return usernameOnNetworkPage(type, url, segments) ?? decoded(segments[0]);
}

/** Takes the username out of a profile address such as https://x.com/name or https://www.linkedin.com/in/name. */
function usernameFromProfileUrl(type: SocialType, raw: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new InvalidHandleError('is not a valid profile address');
  }
  const host = url.hostname.toLowerCase();
  if (!PROFILE_HOSTS[type].test(host)) throw new InvalidHandleError(`is an address that is not a ${type} profile`);
  const username = usernameInPath(type, url);
  if (!username) throw new InvalidHandleError('is a profile address without a username');
  return username;
}

function looksLikeProfileUrl(raw: string): boolean {
  return /^https?:\/\//i.test(raw) || /^(www\.)?[a-z.]*(twitter|x|linkedin|facebook|fb|instagram)\.com\//i.test(raw);
}

/** The trimmed value, whether it is a profile address, and the username it names (not checked against the rules). */
function parseHandle(type: SocialType, raw: string): { trimmed: string; isAddress: boolean; username: string } {
  const trimmed = raw.trim();
  const isAddress = looksLikeProfileUrl(trimmed);
  const username = isAddress ? usernameFromProfileUrl(type, trimmed) : trimmed.replace(/^@/, '');
  if (!username) throw new InvalidHandleError('is empty');
  return { trimmed, isAddress, username };
}

/**
 * The username as a person wrote it, reduced to what identifies the account: trimmed, one leading `@`
 * dropped, a full profile address reduced to its username. Case is kept (see handleKey). Not checked
 * against the network's rules: see normalizeHandle and lookupHandleKey.
 */
export function extractUsername(type: SocialType, raw: string): string {
  return parseHandle(type, raw).username;
}

/** The lookup key of a handle: the username, lower-cased. Any other difference (an underscore, a dot) is a different user. */
export function handleKey(type: SocialType, raw: string): string {
  return extractUsername(type, raw).toLowerCase();
}

/** Whether the username is one the network would give out today (USERNAME_RULES). */
export function isPossibleUsername(type: SocialType, username: string): boolean {
  return USERNAME_RULES[type].pattern.test(username);
}

/** The longest handle any write accepts, whatever the rule. */
const MAX_KNOWN_LENGTH = 100;

/**
 * How strictly a write checks a username:
 * - `current`: the network's rule of today (USERNAME_RULES.pattern), for what people type into the portal;
 * - `known`: only the network's characters, letters of any script, at most 100 (USERNAME_RULES.lookup), for an
 *   operator's `byline import` and for the stores themselves. Operators load handles the networks gave out under
 *   older rules (X names over 15 characters, LinkedIn names from before today's), which must keep answering;
 *   what no network allows (`javascript:`, `<svg…>`, spaces, slashes) is still refused everywhere.
 */
export type HandleRule = 'current' | 'known';

function passes(type: SocialType, username: string, rule: HandleRule): boolean {
  if (rule === 'current') return isPossibleUsername(type, username);
  return username.length <= MAX_KNOWN_LENGTH && USERNAME_RULES[type].lookup.test(username);
}

/**
 * The form every write (import, portal, stores) stores a handle in: trimmed; a profile address reduced to its
 * bare username; otherwise the value as typed, a leading `@` included (answers show the handle as stored).
 * "" for a blank value (the network is not listed). Throws HandleSyntaxError for a username the network's
 * rules refuse, InvalidHandleError for a value that names no username of that network.
 */
export function normalizeHandle(type: SocialType, raw: string, rule: HandleRule = 'current'): string {
  if (!raw.trim()) return '';
  const { trimmed, isAddress, username } = parseHandle(type, raw);
  if (!passes(type, username, rule)) {
    throw new HandleSyntaxError(
      rule === 'current'
        ? `must be ${USERNAME_RULES[type].allowed}`
        : `must be ${USERNAME_RULES[type].known}, at most ${MAX_KNOWN_LENGTH}`,
    );
  }
  return isAddress ? username : trimmed;
}

/**
 * For a value stored before the handle rules: its stored form today (normalizeHandle) when that differs, e.g. the
 * username of a profile address the portal kept as typed; null when it is already in that form, or when the rules
 * refuse it (such a value is left as it is: it keeps answering lookups, see UsernameRule.lookup).
 */
export function rewrittenHandle(type: SocialType, stored: string): string | null {
  try {
    const normal = normalizeHandle(type, stored, 'known');
    return normal && normal !== stored ? normal : null;
  } catch (error) {
    if (error instanceof InvalidHandleError) return null;
    throw error;
  }
}

/**
 * The key a lookup asks the store for, or null when no handle of that network can look like this (the answer
 * is then "not a journalist" without reading the store). Throws InvalidHandleError when the value names no
 * username at all (empty, another network's address), which the API answers with a 422.
 */
export function lookupHandleKey(type: SocialType, raw: string): string | null {
  let username: string;
  try {
    username = extractUsername(type, raw);
  } catch (error) {
    if (error instanceof HandleSyntaxError) return null;
    throw error;
  }
  return USERNAME_RULES[type].lookup.test(username) ? username.toLowerCase() : null;
}

/**
 * A write refused because of one or more handles: `reasons` completes "This handle …" per network (e.g.
 * "must be an X (Twitter) username: …"); the message names the values too, after `subject` (e.g. "profile SLUG").
 */
export class InvalidSocialHandlesError extends Error {
  constructor(
    readonly reasons: Partial<Record<SocialType, string>>,
    values: Partial<Record<SocialType, unknown>>,
    subject?: string,
  ) {
    const list = Object.entries(reasons)
      .map(([type, reason]) => `${type} handle ${JSON.stringify(values[type as SocialType])} ${reason}`)
      .join('; ');
    super(subject ? `${subject}: ${list}` : list);
    this.name = 'InvalidSocialHandlesError';
  }
}

/**
 * A profile's handles in the stored form (normalizeHandle), as each store writes them so that no caller can
 * store a handle no network allows (the `known` rule: the portal checks today's rule before it gets here). Throws InvalidSocialHandlesError naming every refused network.
 */
export function normalizeSocialProfiles(social: SocialProfiles, subject?: string, rule: HandleRule = 'known'): SocialProfiles {
  const normal: SocialProfiles = { ...social };
  const reasons: Partial<Record<SocialType, string>> = {};
  for (const type of SOCIAL_TYPES) {
    const value: unknown = social[type] ?? '';
    try {
      if (typeof value !== 'string') throw new InvalidHandleError('must be a string');
      normal[type] = normalizeHandle(type, value, rule);
    } catch (error) {
      if (!(error instanceof InvalidHandleError)) throw error;
      reasons[type] = error.message;
    }
  }
  if (Object.keys(reasons).length) throw new InvalidSocialHandlesError(reasons, social, subject);
  return normal;
}
