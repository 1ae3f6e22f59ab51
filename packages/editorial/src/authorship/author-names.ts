/**
 * Names as a byline writes them, reduced so that the same person's name compares equal however it is typeset:
 * case, spacing and accents ignored (`Aoife  Ní Bhriain` = `aoife ni bhriain`), a leading "By" dropped. A name
 * is only ever a mention, never proof, so a loose comparison costs nothing.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^by\s+/, '');
}

/** The names one byline value lists: "A, B and C" names three people. */
export function namesIn(byline: string): string[] {
  return byline
    .split(/\s*(?:,|;|&|\band\b)\s*/i)
    .map(comparableName)
    .filter(Boolean);
}
