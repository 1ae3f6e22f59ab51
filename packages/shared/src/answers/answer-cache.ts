import type { TaggedAnswer } from '@byline/domain/domain/rendered-answers';
import type { Store } from '@byline/domain/store/store';

/** One answer as kept, shared by every key it answers (an author's articles share the author's answer). */
interface Kept<T> {
  value: T;
  /** The keys that answer with it. */
  refs: number;
}

/** Keys remembered as asked for once (see AnswerCache.admitted): a key asked for again within about this many lookups is kept. */
const SEEN_SLOTS = 1 << 12;

/** What a key costs beside its answer: the key (two bytes a character) and its map slot. */
const KEY_OVERHEAD = 96;

/**
 * Served answers kept in the process, within a byte budget, for as long as the store says nothing has changed.
 *
 * Never stale: every lookup passes the store's change generation (Store.answersGeneration: SQLite's data_version,
 * MongoDB's change counter, each read at most once per event-loop turn), and a generation other than the one the
 * answers were kept at empties the cache first. So a committed write is seen by the first lookup of the next turn,
 * as it is without the cache. The generation must be read before the answer it keeps (a newer answer under an older
 * generation is only thrown away sooner; an older one under a newer generation would be served stale).
 *
 * An answer is kept once, however many keys it answers (by its strong ETag, which names its bytes): the hundred
 * articles of one author cost a hundred keys and one answer. It is kept as the text the store gave (a character of
 * JSON is a byte in V8). Measured (docs/performance.md), bytes cost more: from Buffer.from an answer holds a slice of
 * a shared 8 KB pool, which stays allocated while any slice of it is kept, and a buffer of its own is an allocation
 * outside the JavaScript heap per answer; the text costs an encoding at each write, which is less. A key is one map slot and nothing else, since what a
 * cache holds the garbage collector walks: least recently used first out (a hit moves its key to the back).
 */
export class AnswerCache<T extends TaggedAnswer> {
  private readonly keys = new Map<string, Kept<T>>();
  /** The hashes of keys asked for once (see admitted), each in the slot its low bits name. */
  private readonly seen = new Uint32Array(SEEN_SLOTS);
  private readonly byTag = new Map<string, Kept<T>>();
  private bytes = 0;
  private generation: number | undefined;

  constructor(readonly budgetBytes: number) {}

  /** The kept answer for `key` at `generation`, if any. */
  get(key: string, generation: number): T | undefined {
    if (generation !== this.generation) {
      this.clear();
      this.generation = generation;
      return undefined;
    }
    const kept = this.keys.get(key);
    if (!kept) return undefined;
    this.keys.delete(key);
    this.keys.set(key, kept);
    return kept.value;
  }

  /**
   * Keeps `value` for `key`, read at `generation` (see the class comment), when `key` was asked for recently before (see
   * admitted), evicting the least recently used keys the budget needs.
   */
  set(key: string, generation: number, value: T): void {
    if (generation !== this.generation || !this.admitted(key)) return;
    const found = this.byTag.get(value.etag);
    const shared = found && found.value.json.length === value.json.length ? found : undefined;
    const bytes = key.length * 2 + KEY_OVERHEAD;
    const needed = bytes + (shared ? 0 : value.json.length);
    if (needed > this.budgetBytes) return;
    // A shared answer is held for this key first, so that making room never lets it go.
    const kept = shared ?? { value, refs: 0 };
    kept.refs++;
    this.forget(key);
    this.makeRoom(needed);
    if (!shared) this.byTag.set(value.etag, kept);
    this.keys.set(key, kept);
    this.bytes += needed;
  }

  /** The bytes held, counted as the budget counts them (never more than budgetBytes). */
  get size(): number {
    return this.bytes;
  }

  get count(): number {
    return this.keys.size;
  }

  clear(): void {
    this.keys.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  /**
   * Whether `key` was asked for before, recently enough that its hash is still in its slot (within about SEEN_SLOTS
   * lookups). Keeping answers at their first asking was measured to cost more than it saved under traffic spread
   * evenly over many addresses (a tenth to a fifth fewer answers a second, 60–130 MB more resident, even with room to
   * spare): kept answers outlive the young generation, and the garbage collector pays for each. The hashes are
   * numbers in a typed array, which it never walks.
   */
  private admitted(key: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    hash >>>= 0;
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.seen[slot] === hash) return true;
    this.seen[slot] = hash;
    return false;
  }

  private forget(key: string): void {
    const kept = this.keys.get(key);
    if (!kept) return;
    this.keys.delete(key);
    this.release(key, kept);
  }

  private release(key: string, kept: Kept<T>): void {
    this.bytes -= key.length * 2 + KEY_OVERHEAD;
    if (--kept.refs > 0) return;
    this.bytes -= kept.value.json.length;
    if (this.byTag.get(kept.value.etag) === kept) this.byTag.delete(kept.value.etag);
  }

  private makeRoom(bytes: number): void {
    while (this.bytes + bytes > this.budgetBytes && this.keys.size > 0) {
      const [key, kept] = this.keys.entries().next().value as [string, Kept<T>];
      this.keys.delete(key);
      this.release(key, kept);
    }
  }
}

/**
 * The cached answer of `key`, or `compute`'s, kept: the store's generation is read first (see AnswerCache). Without a
 * cache (a budget of 0) the answer is computed each time.
 */
export async function cachedAnswer<T extends TaggedAnswer>(
  cache: AnswerCache<T> | undefined,
  store: Pick<Store, 'answersGeneration'>,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (!cache) return compute();
  // A number as it comes (SQLite's, read at once): awaiting it would cost a turn of the microtask queue per lookup.
  const read = store.answersGeneration();
  const at = typeof read === 'number' ? read : await read;
  const kept = cache.get(key, at);
  if (kept) return kept;
  const value = await compute();
  cache.set(key, at, value);
  return value;
}
