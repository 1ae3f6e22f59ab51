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
  return { ok: true, origin: url.origin };
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
