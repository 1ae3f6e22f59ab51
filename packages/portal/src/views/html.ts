/** Markup that is already safe to send: produced by `html` or a constant of this code base. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ESCAPES[char]!);
}

function renderValue(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template for markup: every interpolated value is escaped unless it is SafeHtml (nested
 * `html` fragments), so user data can only ever land as text. Attribute values must be quoted.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += renderValue(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
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
