import { MARKUP_LIMITS } from './markup-limits';

/** The address resolved against the page's base, or null unless it is http(s): no other scheme names a profile page. */
export function absoluteHttpUrl(address: string, base: string): string | null {
  const trimmed = address.trim();
  if (!trimmed || trimmed.length > MARKUP_LIMITS.valueChars) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The base addresses in the page resolve against: its `<base href>`, itself resolved against the page, or the page. */
export function documentBase(baseHref: string | undefined, pageUrl: string): string {
  if (!baseHref) return pageUrl;
  try {
    return new URL(baseHref.trim(), pageUrl).href;
  } catch {
    return pageUrl;
  }
}
