import type { Step, Steps } from '../store/steps';
import type { WebhookEvent } from '../webhook-events/webhook-event';

/**
 * The generic document port: one adapter per database serves every simple resource (as Payload's and
 * node-oidc-provider's adapters do), so such a resource's rules are written once, above it, in the resource's
 * `document-NAME.ts`. For resources whose reads and writes are plain: by a key, conditional on a few fields, one
 * document at a time; a rule that writes several in one write runs their `steps` in its unit of write. The
 * verifiers' lookups stay hand-written.
 */

/**
 * A field's condition: equal to a value (null: absent or null), compared with one, other than one (null: present), one
 * of several (a batch read by keys), for a list of strings, holding one, for an object, holding these plain
 * values in its own fields (an inner field given null: absent or null there), or, for text, holding this text somewhere
 * in it (a narrowing the caller checks, as of JSON text naming a value).
 */
export type Condition<V> =
  | V
  | { gt: NonNullable<V> }
  | { lt: NonNullable<V> }
  | { lte: NonNullable<V> }
  | { ne: V }
  | { in: readonly NonNullable<V>[] }
  | { has: ItemOf<V> }
  | { with: InnerOf<V> }
  | { contains: TextOf<V> };

/** Text, for a text field (never for others). */
type TextOf<V> = NonNullable<V> extends string ? string : never;

/** What a list field holds one of (never for other fields). */
type ItemOf<V> = NonNullable<V> extends readonly (infer Item)[] ? Item : never;

/** Some of an object field's own fields (never for lists and plain fields). */
type InnerOf<V> =
  NonNullable<V> extends readonly unknown[] ? never : NonNullable<V> extends object ? Partial<NonNullable<V>> : never;

/**
 * Fields set inside object fields, in the same write as an update's `set`: each named object field keeps its other
 * fields (a concurrent write of those is not undone) and gets these, the whole value of each. Only into a field
 * holding an object (not null), and none of the same update's `set` fields.
 */
export type Merge<D> = { [K in keyof D]?: InnerOf<D[K]> };

/**
 * Every field named must hold its condition. A field given as undefined is refused (UndefinedConditionError), never
 * dropped: a missing value must not widen a lookup, an update or a removal to every document.
 */
export type Where<D> = { [K in keyof D]?: Condition<D[K]> };

/** Which of the matching documents `all` returns, in which order. */
export interface Page<D = unknown> {
  /** Fields to order by before the key, each in the key's direction. */
  by?: readonly (keyof D & string)[];
  /** Descending order (the key an id the store gives: newest first). */
  newestFirst?: boolean;
  limit?: number;
  offset?: number;
}

/**
 * A resource's documents: fields of plain values (strings, numbers, booleans, null), lists (of strings, or of records
 * of plain values), or objects read and written whole; one of them the key that names a document (given, or an
 * integer id the store gives a new one: then `New` is the document without it), or several that together do. A where
 * names a list or an object field only to ask for null, for a list of strings whether it holds a string, or for an
 * object what some of its own fields hold.
 */
export interface Documents<D, New = D> {
  /** Stores a new document and returns it; rejects with UniqueTakenError naming the field when a unique value is taken. */
  insert(document: New): Promise<D>;
  /** The first document (in key order) that `where` matches, or null. */
  first(where: Where<D>): Promise<D | null>;
  /** The documents `where` matches, in key order (or the page's), one page of them when asked. */
  all(where: Where<D>, page?: Page<D>): Promise<D[]>;
  /** How many documents `where` matches. */
  count(where: Where<D>): Promise<number>;
  /**
   * Sets these fields on the first document `where` matches, in one write that checks `where` as it writes: of
   * concurrent callers whose `where` no longer holds after the other's write, only one changes it. The document as
   * it was before, or null when none matched. `events` are written in that same write, so the change and its
   * webhook events are stored together or not at all (none when nothing matched or nothing is set). `merge` sets
   * fields inside object fields in that same write.
   */
  updateFirst(where: Where<D>, set: Partial<New>, events?: readonly WebhookEvent[], merge?: Merge<New>): Promise<D | null>;
  /**
   * Sets these fields (and `merge`'s inside object fields) on every document `where` matches, in one statement that
   * checks `where` as it writes each; how many it matched. For writes that set off no webhook events.
   */
  updateAll(where: Where<D>, set: Partial<New>, merge?: Merge<New>): Promise<number>;
  /** Deletes every document `where` matches; how many. */
  deleteAll(where: Where<D>): Promise<number>;
  /** The same calls as steps of a unit of write the resource's store opened (see DocumentSteps). */
  readonly steps: DocumentSteps<D, New>;
}

/**
 * Documents' calls as steps of a rule that writes several documents in one write (see store/steps.ts): on SQLite each
 * is a value, inside the transaction the unit of write holds; on MongoDB each is a promise, awaited in turn.
 */
export interface DocumentSteps<D, New = D> {
  insert(document: New): Step<D>;
  first(where: Where<D>): Step<D | null>;
  all(where: Where<D>, page?: Page<D>): Step<D[]>;
  count(where: Where<D>): Step<number>;
  updateFirst(where: Where<D>, set: Partial<New>, events?: readonly WebhookEvent[], merge?: Merge<New>): Step<D | null>;
  updateAll(where: Where<D>, set: Partial<New>, merge?: Merge<New>): Step<number>;
  deleteAll(where: Where<D>): Step<number>;
}

/**
 * A database's Documents made from its steps: each read runs in the database's read, each write in its write (on
 * SQLite one transaction, in which updateFirst's read, its write and its events are one; MongoDB runs both alike).
 */
export abstract class DocumentsOfSteps<D, New = D> implements Documents<D, New> {
  /** The database's calls as they are: values on SQLite (inside the caller's transaction), promises on MongoDB. */
  readonly steps: DocumentSteps<D, New> = {
    insert: (document) => this.insertNow(document),
    first: (where) => this.firstNow(where),
    all: (where, page) => this.allNow(where, page),
    count: (where) => this.countNow(where),
    updateFirst: (where, set, events, merge) => this.updateFirstNow(where, set, events, merge),
    updateAll: (where, set, merge) => this.updateAllNow(where, set, merge),
    deleteAll: (where) => this.deleteAllNow(where),
  };

  protected abstract insertNow(document: New): Step<D>;
  protected abstract firstNow(where: Where<D>): Step<D | null>;
  protected abstract allNow(where: Where<D>, page?: Page<D>): Step<D[]>;
  protected abstract countNow(where: Where<D>): Step<number>;
  protected abstract updateFirstNow(
    where: Where<D>,
    set: Partial<New>,
    events?: readonly WebhookEvent[],
    merge?: Merge<New>,
  ): Step<D | null>;
  protected abstract updateAllNow(where: Where<D>, set: Partial<New>, merge?: Merge<New>): Step<number>;
  protected abstract deleteAllNow(where: Where<D>): Step<number>;
  protected abstract read<T>(work: () => Step<T>): Promise<T>;
  protected abstract write<T>(work: () => Step<T>): Promise<T>;

  insert(document: New): Promise<D> {
    return this.write(() => this.steps.insert(document));
  }

  first(where: Where<D>): Promise<D | null> {
    return this.read(() => this.steps.first(where));
  }

  all(where: Where<D>, page?: Page<D>): Promise<D[]> {
    return this.read(() => this.steps.all(where, page));
  }

  count(where: Where<D>): Promise<number> {
    return this.read(() => this.steps.count(where));
  }

  updateFirst(where: Where<D>, set: Partial<New>, events?: readonly WebhookEvent[], merge?: Merge<New>): Promise<D | null> {
    return this.write(() => this.steps.updateFirst(where, set, events, merge));
  }

  updateAll(where: Where<D>, set: Partial<New>, merge?: Merge<New>): Promise<number> {
    return this.write(() => this.steps.updateAll(where, set, merge));
  }

  deleteAll(where: Where<D>): Promise<number> {
    return this.write(() => this.steps.deleteAll(where));
  }
}

/**
 * Runs a rule's steps over documents (their `steps`) as one unit of write, where the resource needs no other store's
 * parts in it: one transaction on SQLite, where the steps see nothing else and are written together or not at all;
 * on MongoDB, which has no transactions, each step awaited in turn, so the rule names the order its single-document
 * writes are safe in.
 */
export interface UnitOfWrite {
  run<T>(steps: () => Steps<T>): Promise<T>;
}

/** A unique field's value is held by another document. */
export class UniqueTakenError extends Error {
  constructor(readonly field: string) {
    super(`${field} is taken`);
    this.name = 'UniqueTakenError';
  }
}

/** A where named a field with no value: refused, as dropping it would match every document. */
export class UndefinedConditionError extends Error {
  constructor(readonly field: string) {
    super(`no value given for ${field}`);
    this.name = 'UndefinedConditionError';
  }
}

/** A merge's inner values, field by field (inner values given as undefined left out, as JSON leaves them). */
export function mergedEntries(merge: object | undefined): [string, [string, unknown][]][] {
  return Object.entries((merge ?? {}) as Record<string, Record<string, unknown> | undefined>).flatMap(([field, inner]) => {
    const values = Object.entries(inner ?? {}).filter(([, value]) => value !== undefined);
    return values.length ? [[field, values] as [string, [string, unknown][]]] : [];
  });
}
