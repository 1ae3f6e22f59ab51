export const MAX_URL_LENGTH = 2048;

/** Query parameters that only track where a click came from; they never change which article is meant. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'igshid',
  'igsh',
  'ref_src',
  'ref_url',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
  'spm',
  'share_source',
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

export class InvalidUrlError extends Error {}

/**
 * The address as given, less its tracking parameters (the same ones canonicalizeUrl drops): what is stored as an
 * article's link, so a shared link's `utm_source` or `fbclid` is neither kept nor shown again. Everything else —
 * scheme, host, path, other parameters, fragment — stays as given. An address that is not a URL is returned as is
 * (the rules that check addresses refuse it).
 */
export function withoutTrackingParams(input: string): string {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  const params = [...url.searchParams];
  const kept = params.filter(([name]) => !isTrackingParam(name));
  if (kept.length === params.length) return trimmed;
  url.search = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return url.toString();
}

/**
 * Reduces an article address to the one key every shared form of it maps to: https scheme, lower-case
 * host without `www.`, no default port, no fragment, no trailing slash, no tracking parameters, the
 * remaining query parameters sorted by name. Path and other parameters stay significant.
 */
export function canonicalizeUrl(input: string): string {
  const trimmed = input.trim();
  if (trimmed.length > MAX_URL_LENGTH) throw new InvalidUrlError(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new InvalidUrlError('must be an absolute http(s) address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidUrlError('must be an absolute http(s) address');
  if (!url.hostname) throw new InvalidUrlError('must be an absolute http(s) address');

  const host = withoutTrailingDot(withoutWww(url.hostname));
  const port = url.port === '80' || url.port === '443' ? '' : url.port;
  const path = withoutTrailingSlashes(url.pathname);
  // Most addresses carry no query: reading url.searchParams alone builds a URLSearchParams, the dearest step here.
  const query = url.search.length > 1 ? significantQuery(url.searchParams) : '';
  return `https://${host}${port ? `:${port}` : ''}${path}${query}`;
}

function withoutWww(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

function withoutTrailingDot(hostname: string): string {
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname.charCodeAt(end - 1) === 0x2f) end--;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

/** The query's parameters less the tracking ones, sorted by name, as `?…`; empty when none is left. */
function significantQuery(searchParams: URLSearchParams): string {
  const params = [...searchParams].filter(([name]) => !isTrackingParam(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `?${new URLSearchParams(params).toString()}` : '';
}
