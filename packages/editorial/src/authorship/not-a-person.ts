/**
 * Bylines that name no person. A site credits its desk or a wire service as often as a journalist ("WIRED Staff",
 * "Reuters", "The Editorial Board"), and such a byline must never count as a journalist's name: the journalist whose
 * own name happens to be "Staff" or "Reuters" was not credited by it, and a credit by name can stand as proof on a
 * publisher's vouching. The rule is a short explicit list rather than a guess, so that what it refuses can be read
 * here: a value is no person when one of its words is one only a desk, an organisation or a role uses, when it starts
 * with "the" (no person's name does), or when it is a wire service's name. The cost is that a journalist with such a
 * word in her name (a surname "Press" or "Desk") is never matched by name; she still is by link.
 */

/** Words that name a group or an organisation, never a person. */
const ORGANISATION_WORDS = new Set([
  'staff',
  'desk',
  'team',
  'newsroom',
  'editorial',
  'agency',
  'agencies',
  'wire',
  'wires',
  'reporters',
  'editors',
  'correspondents',
  'contributors',
  'bureau',
  'news',
  'press',
  'media',
  'admin',
]);

/**
 * Words that name a role: "Jane Doe, Staff Writer" and "Jane Doe | Senior Reporter" name Jane Doe once, the part after
 * the separator being what she is, not who.
 */
const ROLE_WORDS = new Set([
  'writer',
  'reporter',
  'correspondent',
  'editor',
  'columnist',
  'contributor',
  'photographer',
  'journalist',
  'producer',
  'analyst',
  'critic',
  'intern',
]);

/** Wire services and agencies whose name alone is a byline; compared as whole values, so "Michael Bloomberg" is a person. */
const WIRE_SERVICES = new Set([
  'ap',
  'afp',
  'reuters',
  'associated press',
  'agence france-presse',
  'agence france presse',
  'dpa',
  'efe',
  'ansa',
  'upi',
  'xinhua',
  'tass',
  'kyodo',
  'yonhap',
  'bloomberg',
  'pa',
]);

/** Whether a byline value's words (as nameWords gives them) name an organisation, a desk or a role rather than a person. */
export function namesNoPerson(words: string[]): boolean {
  if (words[0] === 'the') return true;
  if (WIRE_SERVICES.has(words.join(' '))) return true;
  return words.some((word) => ORGANISATION_WORDS.has(word) || ROLE_WORDS.has(word));
}
