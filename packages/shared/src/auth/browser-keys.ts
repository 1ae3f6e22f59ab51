import { normaliseOriginList } from '@byline/domain/cors/origin-list';
import type { BrowserKeySettings, StoredCredential } from '@byline/domain/domain/types';

/**
 * A browser key sits in a web page, where anyone can copy it. So it answers only requests from its own web
 * origins, and within its own limit, never above its account's: what a copy can cost is capped, and another
 * site's page cannot spend it at all (refused before the rate limit counts). The rules, written once for the
 * portal, the CLI and the services.
 */

/** A browser key's requests per minute when none is given (or its account's limit, when that is lower). */
export const DEFAULT_BROWSER_KEY_LIMIT = 60;

export type BrowserKeyCheck =
  { ok: true; settings: BrowserKeySettings } | { ok: false; field: 'origins' | 'limit'; reason: string };

/**
 * A browser key's settings as given: origin entries (blank ones ignored) and a limit as typed (empty or absent:
 * the default). At least one origin, each as in an account's list (scheme://host[:port], at most 20); a whole
 * number of requests per minute from 1 to `accountLimit` (the account's own, or the services' default).
 */
export function checkBrowserKeySettings(
  entries: readonly string[],
  limit: string | undefined,
  accountLimit: number,
): BrowserKeyCheck {
  const origins = normaliseOriginList(entries, 'key');
  if (!origins.ok) return { ok: false, field: 'origins', reason: origins.reason };
  if (!origins.origins.length)
    return { ok: false, field: 'origins', reason: 'List at least one web origin whose pages may use this key' };
  const given = limit?.trim() ?? '';
  if (!given)
    return {
      ok: true,
      settings: { origins: origins.origins, rateLimitPerMinute: Math.min(DEFAULT_BROWSER_KEY_LIMIT, accountLimit) },
    };
  const perMinute = /^[0-9]{1,10}$/.test(given) ? Number(given) : NaN;
  if (!(perMinute >= 1 && perMinute <= accountLimit))
    return {
      ok: false,
      field: 'limit',
      reason: `Give a whole number of requests per minute from 1 to ${accountLimit} (the account’s limit)`,
    };
  return { ok: true, settings: { origins: origins.origins, rateLimitPerMinute: perMinute } };
}

/**
 * The requests per minute a key may make: its account's own limit or the services' default, and for a browser
 * key the lower of that and its own (so lowering an account's limit lowers its browser keys' too).
 */
export function perMinuteOf(
  credential: Pick<StoredCredential, 'rateLimitPerMinute' | 'browser'>,
  defaultPerMinute: number,
): number {
  const account = credential.rateLimitPerMinute ?? defaultPerMinute;
  const own = credential.browser?.rateLimitPerMinute;
  return own !== undefined && own < account ? own : account;
}

/**
 * Why a browser key refuses a request with this `Origin`, or null when the origin is on its list. A request
 * without `Origin` is refused too: browsers send it on every cross-origin request, so one without it comes
 * from a script or a server, which should use a server key. (A script can forge `Origin`; the key's low limit
 * is what caps such a copy.)
 */
export function browserKeyRefusal(origin: string | undefined, settings: BrowserKeySettings): string | null {
  if (origin === undefined)
    return 'This is a browser key: it answers only requests from the web pages it lists (with Origin); use a server key elsewhere';
  if (settings.origins.includes(origin)) return null;
  // Named, so a page's developer sees the origin exactly as the browser sent it; a forged long one is cut short.
  const named = origin.length <= 200 ? origin : `${origin.slice(0, 200)}…`;
  return `This browser key is not allowed from ${named}; add the origin to the key in API settings`;
}
