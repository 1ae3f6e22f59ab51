/**
 * Combining marks a name can be written with or without: Latin, Greek and Cyrillic accents (`Brénnan` = `Brennan`,
 * `й` = `и`, as a byline typed on a keyboard without them writes it), and the optional vowel points of Hebrew and
 * Arabic. Other marks are letters of their script (Devanagari vowel signs, the kana voicing marks) and are kept:
 * dropping them would make different names equal. One class per Unicode block: a class of several would read to
 * eslint as a letter with marks combined onto it.
 */
const OPTIONAL_MARKS =
  /[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]|[\u0591-\u05c7]|[\u064b-\u065f]|\u0670/g;

/** Latin letters that are not a base letter plus an accent, so NFKD leaves them: written both ways all the same. */
const PLAIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The words of a name, reduced so that the same name compares equal however it is typeset: case, accents and
 * apostrophes ignored (`Seán O’Brien` = `sean obrien`), dots read as spaces so initials are words of their own
 * (`J.K.` = `J. K.`), and any other punctuation dropped. Hyphens stay: `Smith-Jones` is not `Smith`.
 */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(OPTIONAL_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/['’ʼ‘`´]/g, '')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\./g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{M}\p{N}-]/gu, '').replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}
