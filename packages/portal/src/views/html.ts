/**
 * Markup made safe by construction. Only this module makes SafeHtml (the `html` tag, jsonLdScript) and SafeUrl
 * (checkedUrl, webUrl, sitePath): their constructors want a symbol no other module holds, so no code elsewhere
 * can wrap a raw string as markup or as a link's address.
 */
const MADE_HERE = Symbol('made by views/html');

/** What only this module makes: the constructor wants the symbol above. */
class MadeHere {
  constructor(token: typeof MADE_HERE) {
    if (token !== MADE_HERE) throw new TypeError(`${new.target.name} is made by views/html only`);
  }
}

/** Markup that is already safe to send: produced by `html` or jsonLdScript. */
export class SafeHtml extends MadeHere {
  constructor(
    token: typeof MADE_HERE,
    readonly value: string,
  ) {
    super(token);
  }
  override toString(): string {
    return this.value;
  }
}

/** An address a link (href, src, a form's action) may carry: made by checkedUrl, webUrl or sitePath only. */
export class SafeUrl extends MadeHere {
  constructor(
    token: typeof MADE_HERE,
    readonly href: string,
  ) {
    super(token);
  }
  override toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}

export type Interpolation = SafeHtml | SafeUrl | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ESCAPES[char]!);
}

function renderValue(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (value instanceof SafeUrl) return escapeHtml(value.href);
  if (Array.isArray(value)) return value.map(renderValue).join('');
  return escapeHtml(String(value));
}

/** An attribute that holds an address, left open at the end of a template's literal text: its value so far. */
const OPEN_URL_ATTRIBUTE = /\s(?:href|src|action|formaction)\s*=\s*"([^"]*)$/i;
/** A value so far that already fixes where the address goes: a scheme, a path of this site, a query or a fragment. */
const DESTINATION_FIXED = /^(?:[a-z][a-z0-9+.-]*:|\/[^/\\]|[?#])/i;

/**
 * Tagged template for markup: every interpolated value is escaped unless it is SafeHtml (nested `html`
 * fragments), so user data can only ever land as text. Attribute values must be quoted. An address attribute
 * (href, src, action, formaction) takes only a SafeUrl where its value starts, and text later in it only once
 * the start fixes the destination (`/j/${slug}`): a plain string there is a bug, and throws.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  let address = OPEN_URL_ATTRIBUTE.exec(out)?.[1];
  values.forEach((value, index) => {
    const rendered = renderValue(value);
    if (address !== undefined) {
      if (address === '' ? !(value instanceof SafeUrl) : !DESTINATION_FIXED.test(address)) {
        throw new TypeError(
          `an address attribute takes a SafeUrl (checkedUrl, webUrl, sitePath), after: ${strings[index]!.slice(-40)}`,
        );
      }
      address += rendered;
    }
    const literal = strings[index + 1]!;
    out += rendered + literal;
    const closing = address === undefined ? -1 : literal.indexOf('"');
    if (address !== undefined && closing < 0) address += literal;
    else address = OPEN_URL_ATTRIBUTE.exec(closing < 0 ? literal : literal.slice(closing + 1))?.[1];
  });
  return new SafeHtml(MADE_HERE, out);
}

/** A `<script type="application/ld+json">` data block: no `</script>` or `<!--` in the value can end or change it. */
export function jsonLdScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return new SafeHtml(MADE_HERE, `<script type="application/ld+json">${json}</script>`);
}

/** Control characters and white space: never part of an address Byline writes into a page. */
const UNSAFE_CHARACTERS = /[\p{Cc}\s]/u;
/** A path of this site (not `//host`, which browsers read as another site), a query, or a fragment. */
const SITE_PATH = /^(?:\/(?![/\\])|[?#])/;
const LINKABLE_SCHEMES = ['http:', 'https:', 'mailto:'];

/**
 * The address as a SafeUrl, unchanged, when a link may carry it: an absolute http(s) or mailto: address, or a
 * path of this site. Anything else — javascript:, data:, a relative or protocol-relative address, control
 * characters or white space — is undefined.
 */
export function checkedUrl(address: string | null | undefined): SafeUrl | undefined {
  if (!address || UNSAFE_CHARACTERS.test(address)) return undefined;
  if (SITE_PATH.test(address)) return new SafeUrl(MADE_HERE, address);
  try {
    return LINKABLE_SCHEMES.includes(new URL(address).protocol) ? new SafeUrl(MADE_HERE, address) : undefined;
  } catch {
    return undefined;
  }
}

/** An http(s) address only, in its normal form (a stored article, site or image address): safeUrl's check. */
export function webUrl(address: string | null | undefined): SafeUrl | undefined {
  const href = safeUrl(address);
  return href === undefined ? undefined : new SafeUrl(MADE_HERE, href);
}

/** A path of this site that the code builds (`/j/${slug}`, `#`); anything else is a bug and throws. */
export function sitePath(path: string): SafeUrl {
  if (!SITE_PATH.test(path) || UNSAFE_CHARACTERS.test(path)) throw new TypeError(`not a path of this site: ${path}`);
  return new SafeUrl(MADE_HERE, path);
}

/** An address fit for href/src: http(s) only, so a stored `javascript:` address can never run. */
export function safeUrl(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
