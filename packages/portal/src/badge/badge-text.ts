/**
 * Text as a badge can hold it: XML-escaped, one line, and short enough to fit a small image. The badge is drawn
 * from a journalist's own name, so every character of it is treated as hostile.
 */

/** The longest name a badge shows, in user-perceived characters; a longer one ends in "…". */
export const MAX_NAME_CHARACTERS = 32;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an SVG element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/**
 * Control characters are not allowed in XML at all (the image would not load), and bidirectional overrides could
 * turn the name around or run it into the words beside it; line breaks and runs of spaces become one space.
 */
const UNSHOWABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|\p{Cs}/gu;

/** The name on one line, cut at a character boundary (a letter with its accents, an emoji) with "…" if too long. */
export function badgeName(name: string): string {
  const line = name.replace(UNSHOWABLE, ' ').replace(/\s+/g, ' ').trim();
  const characters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(line)].map((s) => s.segment);
  if (characters.length <= MAX_NAME_CHARACTERS) return line;
  return `${characters
    .slice(0, MAX_NAME_CHARACTERS - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * About how wide the text is drawn at 11px in Verdana (or the sans-serif a reader has instead): a few classes of
 * letter, measured from Verdana. The SVG also sets textLength, so the text is stretched or squeezed to exactly
 * this width whatever font draws it: an estimate that is a little off never spills out of the badge.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    if (/[ijlI.,:;'!|\u2019 ]/.test(character)) width += 3.6;
    else if (/[frt()-]/.test(character)) width += 4.6;
    else if (/[mwMW@]/.test(character)) width += 10.2;
    else if (/[A-Z]/.test(character)) width += 7.6;
    else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u.test(character))
      width += 11;
    else if (/\p{M}/u.test(character)) width += 0;
    else width += 6.6;
  }
  return Math.ceil(width);
}
