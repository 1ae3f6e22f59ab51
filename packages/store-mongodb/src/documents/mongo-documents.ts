import type { Collection, Document as MongoDocument, Filter } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { isDuplicateKey } from '../store/mongo-errors';
import { serialised, withNewIds } from '../store/mongo-ids';
import { COLLECTIONS } from '../store/mongo-schema';
import { EVENT_CARRYING_COLLECTIONS, pushEvents } from '../webhook-events/mongo-carried-events';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { Step } from '@byline/domain/store/steps';
import {
  DocumentsOfSteps,
  mergedEntries,
  UndefinedConditionError,
  UniqueTakenError,
  type Condition,
  type Merge,
  type Page,
  type Where,
} from '@byline/domain/documents/documents';

/** How a resource's documents sit in their collection: a field path per field. */
export interface MongoCollection<D> {
  name: keyof typeof COLLECTIONS;
  fields: { [K in keyof D]-?: string };
  /** The field that names a document, or the fields that together do (documents are read in their order). */
  key: (keyof D & string) | readonly (keyof D & string)[];
  /** The key is `_id`, an integer from the collection's counter, given to each new document. */
  generatedKey?: boolean;
  /**
   * The fields that together name a document: its `_id` is the JSON list of their values (they are stored as fields
   * too), so a new document with the same values is refused as taken (UniqueTakenError naming the key, its first
   * field when it has several).
   */
  idOf?: readonly (keyof D & string)[];
  /**
   * Fields with a unique index (the key's included), or groups of fields with one together: a refused insert names
   * the field (a group's first) whose value is taken.
   */
  unique?: readonly ((keyof D & string) | readonly (keyof D & string)[])[];
  /**
   * Values of fields absent on documents written before the field was (null otherwise), as documents are read. A
   * where does not apply them: a condition on such a field other than null misses those documents.
   */
  absent?: Partial<D>;
  /**
   * Fields a new document leaves out while they hold their absent value (null when none is given), as the
   * collection's documents always have (a key not rotated away has no retires_at). Updates write them as given.
   */
  sparse?: readonly (keyof D & string)[];
  /**
   * Fields a document carries only while they hold a value: left out of a new document, and unset by an update,
   * when null (a sparse unique index over one counts only the documents that carry it).
   */
  unsetWhenNull?: readonly (keyof D & string)[];
}

/**
 * A collection of documents the store numbers (`_id`, from the collection's counter), as most of Byline's are: each
 * field of the resource's field list stored under its snake_case name (stored-names.ts) unless `names` says
 * otherwise, the rest of the descriptor as given.
 */
export function numberedCollection<D extends { id: number }>(
  name: MongoCollection<D>['name'],
  fields: readonly (keyof D & string)[],
  { names = {}, ...rest }: NumberedCollectionOptions<D> = {},
): MongoCollection<D> {
  const stored = storedNames(fields, { id: '_id', ...names } as Partial<Record<keyof D & string, string>>);
  return { name, fields: stored as MongoCollection<D>['fields'], key: 'id', generatedKey: true, ...rest };
}

export type NumberedCollectionOptions<D> = Omit<MongoCollection<D>, 'name' | 'fields' | 'key' | 'generatedKey'> & {
  names?: Partial<Record<keyof D & string, string>>;
};

type Value = string | number | boolean | null;

const OPERATORS = { gt: '$gt', lt: '$lt', lte: '$lte', ne: '$ne' } as const;

/** The most `_id`s a where is turned into (see idsNamed): beyond, the fields' own conditions do. */
const MAX_IDS_NAMED = 1_000;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A stored document of the collection as the resource's document. */
export function documentOf<D>(collection: MongoCollection<D>, stored: MongoDocument): D {
  const document: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(collection.fields) as [keyof D & string, string][]) {
    document[field] = stored[path] ?? collection.absent?.[field] ?? null;
  }
  return document as D;
}

/**
 * MongoDB's generic document adapter (see @byline/domain's documents.ts), over one collection: each call is one
 * single-document write or one query. Generated keys come from the counters (withNewIds). Conditional updates are
 * one findOneAndUpdate, serialised in this process too, as FerretDB 1.x applies it as read-then-write (see
 * mongo-ids.ts).
 */
export class MongoDocuments<D, New = D> extends DocumentsOfSteps<D, New> {
  constructor(
    private readonly database: MongoDatabase,
    private readonly collection: MongoCollection<D>,
  ) {
    super();
  }

  /** The fields this descriptor reads (not every field: a profile's rendered answers stay unread). */
  private get projection() {
    return { projection: Object.fromEntries(Object.values<string>(this.collection.fields).map((path) => [path, 1])) };
  }

  private get documents(): Collection<MongoDocument> {
    return this.database.db.collection(COLLECTIONS[this.collection.name]);
  }

  protected read<T>(work: () => Step<T>): Promise<T> {
    return this.database.run(async () => work());
  }

  /** An update's events ride on the changed document itself (see mongo-carried-events.ts): the same single-document write. */
  protected write<T>(work: () => Step<T>): Promise<T> {
    return this.database.run(async () => work());
  }

  protected insertNow(document: New): Promise<D> {
    const stored: MongoDocument = {};
    const { idOf, generatedKey, name } = this.collection;
    if (idOf) stored._id = JSON.stringify(idOf.map((field) => (document as Record<string, unknown>)[field]));
    for (const [field, value] of Object.entries(document as Record<string, unknown>)) {
      if (!this.leftOut(field, value)) stored[this.path(field)] = value;
    }
    if (!generatedKey) return this.insertOne(stored);
    return withNewIds(this.database.db, COLLECTIONS[name], async () => ({
      count: 1,
      // A duplicate key that is no unique field's: the id was taken, and withNewIds tries another.
      write: (id) => this.insertOne({ _id: id, ...stored }),
    }));
  }

  protected countNow(where: Where<D>): Promise<number> {
    return this.documents.countDocuments(this.filter(where));
  }

  protected async deleteAllNow(where: Where<D>): Promise<number> {
    return (await this.documents.deleteMany(this.filter(where))).deletedCount;
  }

  protected async firstNow(where: Where<D>): Promise<D | null> {
    const [found] = await this.documents.find(this.filter(where), this.projection).sort(this.order()).limit(1).toArray();
    return found ? documentOf(this.collection, found) : null;
  }

  protected async allNow(where: Where<D>, { by = [], newestFirst = false, limit, offset = 0 }: Page<D> = {}): Promise<D[]> {
    // MongoDB reads a limit of 0 as none: asked for none, none are read.
    if (limit === 0) return [];
    const found = await this.documents
      .find(this.filter(where), this.projection)
      .sort(this.order(newestFirst ? -1 : 1, by))
      .skip(offset)
      .limit(limit ?? 0)
      .toArray();
    return found.map((stored) => documentOf(this.collection, stored));
  }

  /**
   * The update that sets these fields (unsetting those carried only while they hold a value) and, by their dotted
   * paths, those merged inside object fields (the objects' other fields kept), or null for none.
   */
  private updateOf(set: unknown, merge?: unknown): { $set?: MongoDocument; $unset?: Record<string, ''> } | null {
    const $set: MongoDocument = {};
    const $unset: Record<string, ''> = {};
    for (const [field, value] of Object.entries(set as Record<string, unknown>)) {
      if (value === null && this.unsetWhenNull(field)) $unset[this.path(field)] = '';
      else $set[this.path(field)] = value;
    }
    for (const [field, inner] of mergedEntries(merge as object | undefined)) {
      for (const [name, value] of inner) $set[`${this.path(field)}.${name}`] = value;
    }
    if (Object.keys($set).length + Object.keys($unset).length === 0) return null;
    return { ...(Object.keys($set).length ? { $set } : {}), ...(Object.keys($unset).length ? { $unset } : {}) };
  }

  protected async updateAllNow(where: Where<D>, set: Partial<New>, merge?: Merge<New>): Promise<number> {
    const update = this.updateOf(set, merge);
    if (!update) return 0;
    try {
      return (await this.documents.updateMany(this.filter(where), update)).matchedCount;
    } catch (error) {
      if (isDuplicateKey(error)) await this.refuseTaken(update.$set ?? {});
      throw error;
    }
  }

  protected async updateFirstNow(
    where: Where<D>,
    set: Partial<New>,
    events: readonly WebhookEvent[] = [],
    merge?: Merge<New>,
  ): Promise<D | null> {
    const fields = this.updateOf(set, merge);
    // Nothing to set: MongoDB refuses an empty update; the document as it is, as SQLite's adapter answers.
    if (!fields) return this.firstNow(where);
    const $set = fields.$set ?? {};
    const update = { ...fields, ...(events.length ? this.eventsPush(events) : {}) };
    return serialised(this.database.db, `${this.collection.name}-update`, async () => {
      try {
        // No projection: FerretDB 1.x has none on findAndModify.
        const before = await this.documents.findOneAndUpdate(this.filter(where), update, {
          sort: this.order(),
          returnDocument: 'before',
        });
        return before ? documentOf(this.collection, before) : null;
      } catch (error) {
        if (isDuplicateKey(error)) await this.refuseTaken($set);
        throw error;
      }
    });
  }

  private async insertOne(stored: MongoDocument): Promise<D> {
    try {
      await this.documents.insertOne(stored);
    } catch (error) {
      if (isDuplicateKey(error)) await this.refuseTaken(stored);
      throw error;
    }
    return documentOf(this.collection, stored);
  }

  /** Names the unique field whose value another document holds, if one does. */
  private async refuseTaken(stored: MongoDocument): Promise<void> {
    const { idOf, key } = this.collection;
    if (idOf && stored._id !== undefined && (await this.documents.countDocuments({ _id: stored._id }, { limit: 1 })) > 0) {
      throw new UniqueTakenError(typeof key === 'string' ? key : key[0]!);
    }
    for (const unique of this.collection.unique ?? []) {
      const paths = (typeof unique === 'string' ? [unique] : unique).map((field) => this.path(field));
      // An update that sets only part of a group cannot be what its index refused.
      if (paths.some((path) => !(path in stored))) continue;
      const taken = Object.fromEntries(paths.map((path) => [path, stored[path]]));
      if ((await this.documents.countDocuments(taken, { limit: 1 })) > 0) {
        throw new UniqueTakenError(typeof unique === 'string' ? unique : unique[0]!);
      }
    }
  }

  /** Only the collections the worker's relay reads may carry events: elsewhere they would never be sent. */
  private eventsPush(events: readonly WebhookEvent[]): ReturnType<typeof pushEvents> {
    const name = COLLECTIONS[this.collection.name];
    if (!(EVENT_CARRYING_COLLECTIONS as readonly string[]).includes(name)) throw new Error(`${name} carries no webhook events`);
    return pushEvents(events);
  }

  private unsetWhenNull(field: string): boolean {
    return this.collection.unsetWhenNull?.includes(field as keyof D & string) ?? false;
  }

  private leftOut(field: string, value: unknown): boolean {
    if (value === null && this.unsetWhenNull(field)) return true;
    if (!this.collection.sparse?.includes(field as keyof D & string)) return false;
    return value === (this.collection.absent?.[field as keyof D] ?? null);
  }

  private order(direction: 1 | -1 = 1, by: readonly string[] = []): Record<string, 1 | -1> {
    const { key } = this.collection;
    const fields = [...by, ...(typeof key === 'string' ? [key] : key)];
    return Object.fromEntries(fields.map((field) => [this.path(field), direction]));
  }

  private filter(where: Where<D>): Filter<MongoDocument> {
    const filter: Filter<MongoDocument> = {};
    for (const [field, condition] of Object.entries(where) as [string, Condition<Value>][]) {
      if (condition === undefined) throw new UndefinedConditionError(field);
      const path = this.path(field);
      if (condition !== null && typeof condition === 'object') {
        const [operator, value] = Object.entries(condition)[0] as [
          keyof typeof OPERATORS | 'contains' | 'has' | 'in' | 'with',
          Value | Value[],
        ];
        if (operator === 'with') {
          // An object holds these values in its own fields: each by its dotted path.
          for (const [name, inner] of Object.entries(value as unknown as Record<string, Value>))
            filter[`${path}.${name}`] = inner;
          continue;
        }
        // An array field equal to a value matches when one of its items is it; text holds text by a regex of it, escaped.
        filter[path] =
          operator === 'has'
            ? value
            : operator === 'in'
              ? { $in: value }
              : operator === 'contains'
                ? { $regex: escapeRegExp(value as string) }
                : { [OPERATORS[operator]]: value };
      } else {
        // null matches an absent field too, as a document from before the field was added has it.
        filter[path] = condition;
      }
    }
    const ids = this.idsNamed(where);
    if (ids) (filter as Record<string, unknown>)._id = { $in: ids };
    return filter;
  }

  /**
   * The `_id`s a where names, when the collection's `_id` is made of fields (idOf) and the where gives each of them a
   * value, or one of them a list (`in`): the same documents found by the `_id` index, where the fields may have none.
   */
  private idsNamed(where: Where<D>): string[] | null {
    const { idOf } = this.collection;
    if (!idOf) return null;
    let lists = [[]] as Value[][];
    for (const field of idOf) {
      const condition = (where as Record<string, Condition<Value> | undefined>)[field];
      const values =
        condition !== null && typeof condition === 'object'
          ? 'in' in condition
            ? (condition.in as Value[])
            : null
          : condition === undefined || condition === null
            ? null
            : [condition];
      if (!values) return null;
      lists = lists.flatMap((list) => values.map((value) => [...list, value]));
      if (lists.length > MAX_IDS_NAMED) return null;
    }
    return lists.map((list) => JSON.stringify(list));
  }

  private path(field: string): string {
    const path = this.collection.fields[field as keyof D];
    if (path === undefined) throw new Error(`${this.collection.name} has no field ${field}`);
    return path;
  }
}
