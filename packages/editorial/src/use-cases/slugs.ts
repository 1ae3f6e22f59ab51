/**
 * A URL-safe slug from a name: lower case, accents dropped, words joined by hyphens, at most 60 characters. Empty
 * when nothing of the name is left (a name in a script without Latin letters): the caller chooses what then.
 */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
