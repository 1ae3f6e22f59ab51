/** Ids or documents per query (`$in` lists, insertMany). */
export const CHUNK = 500;
/** FerretDB 1.24 stalls on update commands of more than about a hundred statements; stay well below. */
export const WRITE_CHUNK = 50;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
