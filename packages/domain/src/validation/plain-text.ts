import type { CustomValidator } from 'joi';

/**
 * Characters refused in every field that becomes a link or a name — the one list, in docs/portal.md's "What names and
 * addresses may hold": a profile's names, title, employer, residence, city and image address; handles; websites; an article's
 * address, headline, image, icon, tags and author name; API key names; web origins. Both where people type them (the
 * portal, the CLI) and in `byline import`.
 *
 * - Control characters (Unicode Cc: C0 U+0000–U+001F with NUL and line breaks, DEL U+007F, C1 U+0080–U+009F): invisible,
 *   they cut values short in C strings and split log lines and CSV rows.
 * - Invisible format characters (Unicode Cf: the zero-width space U+200B, the byte-order mark U+FEFF, the soft hyphen
 *   U+00AD, the word joiner U+2060 …) and the line and paragraph separators U+2028 and U+2029 (Zl, Zp): a name that
 *   holds them looks like another name, or breaks a line where none is seen.
 * - Among them the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the
 *   text after them until the end of the paragraph, so what is shown is not what is stored — `moc.elgoog` shown as
 *   `google.com` ("Trojan Source", CVE-2021-42574, names exactly these).
 *
 * Allowed, though they are format characters too: the marks U+200E, U+200F and U+061C (left-to-right, right-to-left,
 * Arabic letter mark), which only set the direction of the neutral characters beside them and which names and titles
 * mixing scripts need (an Arabic or Hebrew employer followed by a Latin abbreviation); the joiners U+200C and U+200D,
 * which Persian and Indic spelling and emoji sequences (👩🏽‍💻) need; and the tag characters of an emoji flag
 * (🏴 followed by tags, ending in U+E007F). Ordinary spaces are not format characters. Letters of every script and
 * emoji are of course allowed.
 */
const REFUSED_FORMAT = String.raw`(?![\u200C-\u200F\u061C])[\p{Cf}\p{Zl}\p{Zp}]`;
const UNSAFE_IN_A_LINE = new RegExp(String.raw`\p{Cc}|${REFUSED_FORMAT}`, 'u');

/** A biography or description: the same, but its line breaks and tabs are kept. */
const UNSAFE_IN_PROSE = new RegExp(String.raw`[^\P{Cc}\t\n\r]|${REFUSED_FORMAT}`, 'u');

/** An emoji flag's tag sequence (🏴 + tag letters + cancel tag, as the flags of Scotland or Wales are written). */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/u;

export type TextKind = 'line' | 'prose';

const unsafeIn = (kind: TextKind) => (kind === 'line' ? UNSAFE_IN_A_LINE : UNSAFE_IN_PROSE);

/** The first refused character of the text as `U+XXXX`, or null when there is none. */
export function unsafeCharacterIn(text: string, kind: TextKind = 'line'): string | null {
  const found = unsafeIn(kind).exec(text.replace(new RegExp(EMOJI_TAG_SEQUENCE.source, 'gu'), ''));
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/**
 * The text without the characters refused above: for what Byline itself fills in from a fetched page (an article's
 * headline), which a person could neither see nor delete before saving it.
 */
export function withoutUnsafeCharacters(text: string, kind: TextKind = 'line'): string {
  const flagOrUnsafe = new RegExp(`(${EMOJI_TAG_SEQUENCE.source})|${unsafeIn(kind).source}`, 'gu');
  return text.replace(flagOrUnsafe, (_match, flag?: string) => flag ?? '');
}

/** Completes "… must not contain U+202E": why, for every message that refuses such a character. */
export const UNSAFE_CHARACTER_REASON = 'control characters, invisible characters and text-direction overrides are refused';

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
