import type { CustomValidator } from 'joi';

/**
 * Characters refused in every field that becomes a link or a name — the one list, in the README's "What a field may
 * hold": a profile's names, title, employer, residence, city and image address; handles; websites; an article's
 * address, headline, image, icon, tags and author name; API key names; web origins. Both where people type them (the
 * portal, the CLI) and in `byline import`.
 *
 * - Control characters (Unicode Cc: C0 U+0000–U+001F with NUL and line breaks, DEL U+007F, C1 U+0080–U+009F): invisible,
 *   they cut values short in C strings and split log lines and CSV rows.
 * - The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text after
 *   them until the end of the paragraph, so what is shown is not what is stored — `moc.elgoog` shown as `google.com`
 *   ("Trojan Source", CVE-2021-42574, names exactly these).
 *
 * The marks U+200E and U+200F (left-to-right, right-to-left) are allowed: they only set the direction of the neutral
 * characters beside them and reorder nothing after them, and names and titles mixing scripts need them (an Arabic or
 * Hebrew employer followed by a Latin abbreviation). Letters of every script, emoji and joiners are of course allowed.
 */
const UNSAFE_IN_A_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A biography or description: the same, but its line breaks and tabs are kept. */
const UNSAFE_IN_PROSE = /[^\P{Cc}\t\n\r]|[\u202A-\u202E\u2066-\u2069]/u;

export type TextKind = 'line' | 'prose';

/** The first refused character of the text as `U+XXXX`, or null when there is none. */
export function unsafeCharacterIn(text: string, kind: TextKind = 'line'): string | null {
  const found = (kind === 'line' ? UNSAFE_IN_A_LINE : UNSAFE_IN_PROSE).exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/**
 * The text without the characters refused above: for what Byline itself fills in from a fetched page (an article's
 * headline), which a person could neither see nor delete before saving it.
 */
export function withoutUnsafeCharacters(text: string, kind: TextKind = 'line'): string {
  return text.replace(new RegExp((kind === 'line' ? UNSAFE_IN_A_LINE : UNSAFE_IN_PROSE).source, 'gu'), '');
}

/** Completes "… must not contain U+202E": why, for every message that refuses such a character. */
export const UNSAFE_CHARACTER_REASON = 'control characters and text-direction overrides are refused';

/**
 * The Joi rule for the fields above: the message names the field and the character. With `trailingWhitespace`, white
 * space at the end (tabs included) is kept and not judged: the contract says `profile_employer` may carry it, and an
 * operator's data set does (a tab there cuts nothing short and reorders nothing).
 */
export function plainTextRule(kind: TextKind = 'line', { trailingWhitespace = false } = {}): CustomValidator<string> {
  return (value, helpers) => {
    const found = unsafeCharacterIn(trailingWhitespace ? value.replace(/[ \t]+$/, '') : value, kind);
    return found ? helpers.message({ custom: `{{#label}} must not contain ${found} (${UNSAFE_CHARACTER_REASON})` }) : value;
  };
}
