import { MARKUP_LIMITS } from './markup-limits';

/** The address resolved against the page's base, or null unless it is http(s): no other scheme names a profile page. */
export function absoluteHttpUrl(address: string, base: string): string | null {
  const trimmed = address.trim();
  // canParse first: an address that fails to parse throws, which costs ten times a parse on a page full of them.
  if (!trimmed || trimmed.length > MARKUP_LIMITS.valueChars || !URL.canParse(trimmed, base)) return null;
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
