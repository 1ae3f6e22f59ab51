import { nameWords } from './name-words';
import { namesNoPerson } from './not-a-person';

/**
 * A person's name as words to compare (see nameWords): the first word, the words between, and the last name. A name
 * alone never proves an article a journalist adds (it is a mention) and credits staff only on their publisher's
 * vouching, so the comparison may be generous where writing differs (a middle name left out) but not where people
 * may differ (an initial for the first name could be anyone's).
 */
export interface PersonName {
  /** The first word: a given name, or the family name where it comes first (山田 太郎). */
  first: string;
  /** Words between, which one writing may leave out or give as initials: "Joseph F. Kovar" is "Joseph Kovar". */
  middle: string[];
  /**
   * The last word, with the particles before it ("van der Berg", "Ní Bhriain", "de la Cruz"), which belong to the
   * surname and so are never taken for a middle name. Empty for a name of one word.
   */
  last: string;
}

/**
 * Words that start a surname when they follow the first name. "Ó" of "Seán Ó Riada" is among them, so an
 * unpunctuated middle initial O is read as part of the surname: the stricter reading, as "Aoife Bhriain" is not
 * "Aoife Ní Bhriain".
 */
const SURNAME_PARTICLES = new Set(
  'van von der den ter ten vom zum zur zu de del della dello dei degli da das dos do di du des la le ni nic o ui ua mac mc bin binti bint ibn al el af av'.split(
    ' ',
  ),
);

/**
 * What separates the people of one byline, or a person from her role or the date: "A, B and C", "A & B", "A | Senior
 * Reporter", "A - Correspondent", "A\nMarch 3, 2025", and the "and" of other languages as words of their own. A hyphen
 * separates only between spaces: "Mary-Kate Smith-Jones" is one person.
 */
const SEPARATORS = /[\n\r,;|/&+·•–—、，；]|\s-+\s|\s(?:and|und|et|en|og|och)\s/iu;

/**
 * "and" written as one letter (Spanish y, Portuguese and Italian e, Catalan and Polish i, Russian и), which could as
 * well be an unpunctuated middle initial ("Jane E Doe") or join a double surname ("José Ortega y Gasset"). Captured so
 * that a part which is not a byline of its own can be joined back (see splitAtLetterAnd).
 */
const LETTER_AND = /\s([yeiи])\s/iu;

/** Words a byline leads with before "by": "Reporting by", "Additional reporting by", "Words by". */
const BY_LEADS = new Set(['written', 'words', 'story', 'text', 'reporting', 'report', 'additional', 'photos', 'video']);
/** A part led by these credits an editor, not an author: Reuters' "Reporting by A; Editing by B". */
const EDITOR_LEADS = new Set(['editing', 'edited']);
/** "By" in other languages. Also surname particles, so dropped only when a name of two words or more follows. */
const FOREIGN_BY = new Set(['par', 'por', 'von', 'di', 'de', 'door', 'av', 'af']);

/** Words after which a byline gives the time it was published, not a name: "Jane Doe Updated 3:45 PM". */
const TIMESTAMP_WORDS = new Set(['updated', 'published', 'posted', 'modified']);
/** Words after a full name that say where or for whom she wrote: "Jane Doe in London", "Jane Doe for Reuters". */
const PLACE_WORDS = new Set(['in', 'at', 'for', 'on', 'from']);
const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
const WEEKDAYS = new Set('monday tuesday wednesday thursday friday saturday sunday'.split(' '));

/**
 * The people a byline value names, in order: prefixes ("By", "Par", "Reporting by"), parenthesised parts ("(Reuters)",
 * "(she/her)"), addresses and handles, roles and dates dropped, and values that name an organisation, a desk or a role
 * (see not-a-person.ts) left out. "By Joseph F. Kovar and WIRED Staff" names one person.
 */
export function personNamesIn(byline: string): PersonName[] {
  return withoutAsides(byline)
    .split(SEPARATORS)
    .flatMap(splitAtLetterAnd)
    .flatMap((part) => {
      const words = untilTimeOrPlace(withoutBy(nameWords(part)));
      const person = namesNoPerson(words) ? null : asPersonName(words);
      return person ? [person] : [];
    });
}

/** A name as a profile gives it ("Aoife Brennan"), one person; null when it has no words. */
export function personName(name: string): PersonName | null {
  return asPersonName(nameWords(withoutAsides(name)));
}

/**
 * Whether two names are the same person's as far as their writing tells: the same first word and last name, and
 * middle words that agree where both give them, an initial standing for any word it starts ("Joseph F. Kovar" is
 * "Joseph Kovar" and "Joseph Francis Kovar", not "Joseph G. Kovar"). The first word must be written out the same on
 * both sides: "J. Kovar" could be Jane as well as Joseph.
 */
export function sameName(a: PersonName, b: PersonName): boolean {
  if (a.first !== b.first || a.last !== b.last) return false;
  const [fewer, more] = a.middle.length <= b.middle.length ? [a.middle, b.middle] : [b.middle, a.middle];
  // Each middle word of the shorter name, in order, somewhere among those of the longer.
  let from = 0;
  for (const word of fewer) {
    const found = more.findIndex((other, index) => index >= from && sameMiddleWord(word, other));
    if (found < 0) return false;
    from = found + 1;
  }
  return true;
}

function sameMiddleWord(a: string, b: string): boolean {
  return a === b || (isInitial(a) && b.startsWith(a)) || (isInitial(b) && a.startsWith(b));
}

/** One letter of an alphabet: "F" of "Joseph F. Kovar". A single Chinese character is a whole word, not an initial. */
function isInitial(word: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u.test(word);
}

function asPersonName(words: string[]): PersonName | null {
  const [first, ...rest] = words;
  if (first === undefined) return null;
  if (!rest.length) return { first, middle: [], last: '' };
  const particle = rest.findIndex((word, index) => index < rest.length - 1 && SURNAME_PARTICLES.has(word));
  const lastStart = particle >= 0 ? particle : rest.length - 1;
  return { first, middle: rest.slice(0, lastStart), last: rest.slice(lastStart).join(' ') };
}

/** The byline without what is never part of a name: parenthesised parts, web addresses, e-mail addresses and handles. */
function withoutAsides(text: string): string {
  return text.replace(/\S*(?:@|:\/\/)\S*/g, ' ').replace(/[([（［][^)\]）］]*[)\]）］]?/g, ' ');
}

/**
 * A part split at a one-letter "and" only where both sides are bylines of their own: a name of two words or more
 * before, and a name of two words or more or an organisation after ("Juan Pérez y María López", "Maria Rossi e ANSA").
 */
function splitAtLetterAnd(part: string): string[] {
  const [head = '', ...rest] = part.split(LETTER_AND);
  const parts: string[] = [];
  let current = head;
  // Its words, counted as it grows rather than read again each time.
  let currentWords = nameWords(head).length;
  for (let index = 0; index + 1 < rest.length; index += 2) {
    const [and = '', after = ''] = rest.slice(index, index + 2);
    const afterWords = nameWords(after);
    if (currentWords >= 2 && (afterWords.length >= 2 || namesNoPerson(afterWords))) {
      parts.push(current);
      [current, currentWords] = [after, afterWords.length];
    } else {
      current = `${current} ${and} ${after}`;
      currentWords += 1 + afterWords.length;
    }
  }
  return [...parts, current];
}

/** The words after a leading "By" and its like; none when the part credits an editor. */
function withoutBy(words: string[]): string[] {
  const by = words.slice(0, 3).indexOf('by');
  if (by >= 0 && words.slice(0, by).every((word) => BY_LEADS.has(word) || EDITOR_LEADS.has(word))) {
    return words.slice(0, by).some((word) => EDITOR_LEADS.has(word)) ? [] : words.slice(by + 1);
  }
  if (FOREIGN_BY.has(words[0] ?? '') && words.length >= 3) return words.slice(1);
  return words;
}

/** The words before a date, a time, a "published" stamp, or a place or outlet after a full name. */
function untilTimeOrPlace(words: string[]): string[] {
  const end = words.findIndex(
    (word, index) =>
      /\p{N}/u.test(word) ||
      TIMESTAMP_WORDS.has(word) ||
      (MONTHS.has(word) && /\p{N}/u.test(words[index + 1] ?? '')) ||
      (index >= 2 && (PLACE_WORDS.has(word) || WEEKDAYS.has(word))),
  );
  return end >= 0 ? words.slice(0, end) : words;
}
