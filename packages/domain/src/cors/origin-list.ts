import net from 'node:net';
import { UNSAFE_CHARACTER_REASON, unsafeCharacterIn } from '../validation/plain-text';

/** How many web origins one API account may list. */
export const MAX_ACCOUNT_ORIGINS = 20;

export type OriginCheck = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * A web origin as browsers send it in `Origin`: `scheme://host[:port]`, http or https, lower-case host,
 * no default port, no trailing slash. A path, query, fragment, credentials or wildcard is refused: the
 * answer to a browser names one exact origin, never a pattern.
 */
export function normaliseOrigin(text: string): OriginCheck {
  const given = text.trim();
  if (!given) return { ok: false, reason: 'An origin cannot be empty' };
  if (given.includes('*')) return { ok: false, reason: `${given}: wildcards are not allowed; list each origin` };
  const character = unsafeCharacterIn(given);
  // Checked on the text as given: the address parser drops some of these instead of refusing them.
  if (character) return { ok: false, reason: `An origin must not contain ${character} (${UNSAFE_CHARACTER_REASON})` };
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(given))
    return { ok: false, reason: `${given}: give scheme://host[:port] only (http or https, no path, query or fragment)` };
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { ok: false, reason: `${given}: not a valid origin` };
  }
  if (url.username || url.password) return { ok: false, reason: `${given}: an origin has no user name or password` };
  if (url.pathname !== '/' || url.search || url.hash)
    return { ok: false, reason: `${given}: give scheme://host[:port] only (http or https, no path, query or fragment)` };
  const hostProblem = hostNameProblem(url.hostname);
  if (hostProblem) return { ok: false, reason: `${given}: ${hostProblem}` };
  return { ok: true, origin: url.origin };
}

/** The longest DNS name and label (RFC 1035 §2.3.4): no browser can be on a host beyond them. */
const MAX_HOST_NAME = 253;
const MAX_LABEL = 63;

/** Why a host name (as the URL parser gives it: lower case, punycode) can be no web site's; null when it can. */
function hostNameProblem(hostname: string): string | null {
  if (hostname.startsWith('[') || net.isIPv4(hostname)) return null;
  const name = hostname.replace(/\.$/, '');
  if (name.length > MAX_HOST_NAME) return `a host name has at most ${MAX_HOST_NAME} characters`;
  const labels = name.split('.');
  if (labels.some((label) => label === '')) return 'a host name has no empty parts (two dots in a row)';
  if (labels.some((label) => label.length > MAX_LABEL)) return `each part of a host name has at most ${MAX_LABEL} characters`;
  return null;
}

export type OriginListCheck = { ok: true; origins: string[] } | { ok: false; reason: string };

/**
 * Each entry normalised, duplicates dropped (first kept), at most MAX_ACCOUNT_ORIGINS; the first problem otherwise.
 * `owner` names what holds the list (an account, or a browser key) in that message.
 */
export function normaliseOriginList(entries: readonly string[], owner: 'account' | 'key' = 'account'): OriginListCheck {
  const origins: string[] = [];
  for (const entry of entries) {
    if (!entry.trim()) continue;
    const checked = normaliseOrigin(entry);
    if (!checked.ok) return checked;
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  if (origins.length > MAX_ACCOUNT_ORIGINS)
    return { ok: false, reason: `At most ${MAX_ACCOUNT_ORIGINS} origins per ${owner}; ${origins.length} given` };
  return { ok: true, origins };
}
