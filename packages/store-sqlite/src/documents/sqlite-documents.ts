import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../store/sqlite-database';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
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

/** How a resource's documents sit in their table: a column per field. */
export interface SqliteTable<D> {
  name: string;
  /**
   * Null for a field this table keeps none of (another database's means to the same end, as MongoDB's open keys
   * where SQLite has partial unique indexes): read as null, left out of writes, never named by a where.
   */
  columns: { [K in keyof D]-?: string | null };
  /** The field that names a document (its primary key), or the fields that together do (a primary key of several). */
  key: (keyof D & string) | readonly (keyof D & string)[];
  /** The key is the table's INTEGER PRIMARY KEY, given to each new row. */
  generatedKey?: boolean;
  /** Fields stored as 0/1. */
  booleans?: readonly (keyof D & string)[];
  /** Fields holding a list (of strings, or of records) or an object, read and written whole, stored as its JSON text (null stays NULL). */
  lists?: readonly (keyof D & string)[];
  /**
   * Fields this table also keeps a copy of inside an object field's JSON, under the same name (the profiles' `doc`
   * holds its own copy of the verified flag): an update setting one sets its copy in the same statement.
   */
  copies?: Partial<Record<keyof D & string, keyof D & string>>;
}

/**
 * A table whose rows are numbered by their INTEGER PRIMARY KEY `id`, as most of Byline's are: each field of the
 * resource's field list in the column of its snake_case name (stored-names.ts) unless `names` says otherwise (null for
 * a field the table keeps none of), the rest of the descriptor as given.
 */
export function numberedTable<D extends { id: number }>(
  name: string,
  fields: readonly (keyof D & string)[],
  { names = {}, ...rest }: NumberedTableOptions<D> = {},
): SqliteTable<D> {
  return { name, columns: storedNames(fields, names) as SqliteTable<D>['columns'], key: 'id', generatedKey: true, ...rest };
}

export type NumberedTableOptions<D> = Omit<SqliteTable<D>, 'name' | 'columns' | 'key' | 'generatedKey'> & {
  names?: Partial<Record<keyof D & string, string | null>>;
};

type Value = string | number | boolean | null;
type Stored = 'plain' | 'boolean' | 'list';

/** A row of the table (other columns, as a join adds, left out) as its document. */
export function documentOfRow<D>(table: SqliteTable<D>, row: Record<string, Value>): D {
  const document: Record<string, Value | string[]> = {};
  for (const [field, column, stored] of columnsOf(table)) {
    const value = column === null ? null : (row[column] ?? null);
    document[field] =
      stored === 'boolean'
        ? value === 1
        : stored === 'list' && value !== null
          ? (JSON.parse(value as string) as string[])
          : value;
  }
  return document as D;
}

/** The table's columns as a join selects them, under `alias` (documentOfRow reads them back). */
export const selectedColumns = <D>(table: SqliteTable<D>, alias: string): string =>
  columnsOf(table)
    .flatMap(([, column]) => (column === null ? [] : [`${alias}.${column}`]))
    .join(', ');

const COLUMNS = new WeakMap<object, [string, string | null, Stored][]>();

/** Each field's column and how its value is stored, worked out once per table. */
function columnsOf<D>(table: SqliteTable<D>): [string, string | null, Stored][] {
  let known = COLUMNS.get(table);
  if (!known) {
    known = (Object.entries(table.columns) as [keyof D & string, string | null][]).map(([field, column]) => [
      field,
      column,
      table.booleans?.includes(field) ? 'boolean' : table.lists?.includes(field) ? 'list' : 'plain',
    ]);
    COLUMNS.set(table, known);
  }
  return known;
}

/**
 * The embedded store's generic document adapter (see @byline/domain's documents.ts), over one table: each call is
 * one statement, or one transaction where a conditional write reads first (its steps: inside the caller's).
 * Statements are prepared once per text.
 */
export class SqliteDocuments<D, New = D> extends DocumentsOfSteps<D, New> {
  private readonly statements = new Map<string, Database.Statement>();
  /** The field of each column, to name the one a unique index refused. */
  private readonly fieldOf = new Map<string, string>();
  private readonly keyFields: readonly (keyof D & string)[];
  private readonly keyColumns: string[];
  private readonly byKey: string;
  /** The table's columns this descriptor reads (not every column: a profile's rendered answers stay unread). */
  private readonly selected: string;

  constructor(
    private readonly database: SqliteDatabase,
    private readonly table: SqliteTable<D>,
  ) {
    super();
    for (const [field, column] of columnsOf(table)) if (column !== null) this.fieldOf.set(column, field);
    this.keyFields = typeof table.key === 'string' ? [table.key] : table.key;
    this.keyColumns = this.keyFields.map((field) => this.column(field));
    this.byKey = this.keyColumns.map((column) => `${column} = ?`).join(' AND ');
    this.selected = selectedColumns(table, table.name);
  }

  /** Synchronous steps: their value is the write's or the read's. */
  protected read<T>(work: () => Step<T>): Promise<T> {
    return this.database.read(() => work() as T);
  }

  protected write<T>(work: () => Step<T>): Promise<T> {
    return this.database.write(() => work() as T);
  }

  protected insertNow(document: New): D {
    const entries = this.kept(document);
    const columns = entries.map(([field]) => this.column(field));
    const sql = `INSERT INTO ${this.table.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    try {
      const { lastInsertRowid } = this.statement(sql).run(...entries.map(([, value]) => encode(value)));
      const key = this.table.generatedKey ? [Number(lastInsertRowid)] : this.keyOf(document);
      const row = this.statement(`SELECT ${this.selected} FROM ${this.table.name} WHERE ${this.byKey}`).get(...key);
      return documentOfRow(this.table, row as Record<string, Value>);
    } catch (error) {
      throw this.uniqueTaken(error) ?? error;
    }
  }

  protected allNow(where: Where<D>, { by = [], newestFirst = false, limit = -1, offset = 0 }: Page<D> = {}): D[] {
    const { sql, params } = this.whereSql(where);
    const text = `SELECT ${this.selected} FROM ${this.table.name}${sql} ${this.order(newestFirst, by)} LIMIT ? OFFSET ?`;
    return (this.statement(text).all(...params, limit, offset) as Record<string, Value>[]).map((row) =>
      documentOfRow(this.table, row),
    );
  }

  protected countNow(where: Where<D>): number {
    const { sql, params } = this.whereSql(where);
    return (this.statement(`SELECT count(*) AS n FROM ${this.table.name}${sql}`).get(...params) as { n: number }).n;
  }

  protected updateFirstNow(
    where: Where<D>,
    set: Partial<New>,
    events: readonly WebhookEvent[] = [],
    merge?: Merge<New>,
  ): D | null {
    const { assignments, params } = this.assignments(set, merge);
    const before = this.firstNow(where);
    if (before && assignments) {
      try {
        const sql = `UPDATE ${this.table.name} SET ${assignments} WHERE ${this.byKey}`;
        this.statement(sql).run(...params, ...this.keyOf(before));
      } catch (error) {
        throw this.uniqueTaken(error) ?? error;
      }
      recordEventsNow(this.database.connection, events);
    }
    return before;
  }

  protected updateAllNow(where: Where<D>, set: Partial<New>, merge?: Merge<New>): number {
    const { assignments, params: values } = this.assignments(set, merge);
    if (!assignments) return 0;
    const { sql, params } = this.whereSql(where);
    try {
      const text = `UPDATE ${this.table.name} SET ${assignments}${sql}`;
      return this.statement(text).run(...values, ...params).changes;
    } catch (error) {
      throw this.uniqueTaken(error) ?? error;
    }
  }

  protected deleteAllNow(where: Where<D>): number {
    const { sql, params } = this.whereSql(where);
    return this.statement(`DELETE FROM ${this.table.name}${sql}`).run(...params).changes;
  }

  protected firstNow(where: Where<D>): D | null {
    const { sql, params } = this.whereSql(where);
    const row = this.statement(`SELECT ${this.selected} FROM ${this.table.name}${sql} ${this.order(false)} LIMIT 1`).get(
      ...params,
    );
    return row ? documentOfRow(this.table, row as Record<string, Value>) : null;
  }

  private order(newestFirst: boolean, by: readonly string[] = []): string {
    const columns = [...by.map((field) => this.column(field)), ...this.keyColumns];
    return `ORDER BY ${columns.map((column) => (newestFirst ? `${column} DESC` : column)).join(', ')}`;
  }

  /**
   * An update's assignments: each field set, and each object field merged into by one json_set of its JSON text (its
   * other fields kept, in one statement), each inner value bound as JSON; '' when there is nothing to write.
   */
  private assignments(set: unknown, merge: unknown): { assignments: string; params: Value[] } {
    const entries = this.kept(set);
    const terms = entries.map(([field]) => `${this.column(field)} = ?`);
    const params = entries.map(([, value]) => encode(value));
    const inside = new Map(mergedEntries(merge as object | undefined));
    for (const [field, value] of entries) {
      const object = this.table.copies?.[field as keyof D & string];
      if (object) inside.set(object, [...(inside.get(object) ?? []), [field, value]]);
    }
    for (const [field, inner] of inside) {
      if (!this.table.lists?.includes(field as keyof D & string)) throw new Error(`${this.table.name} keeps ${field} as no JSON`);
      const column = this.column(field);
      terms.push(`${column} = json_set(${column}, ${inner.map(() => '?, json(?)').join(', ')})`);
      for (const [name, value] of inner) params.push(`$.${JSON.stringify(name)}`, JSON.stringify(value));
    }
    return { assignments: terms.join(', '), params };
  }

  /** The fields given, less those this table keeps none of. */
  private kept(fields: unknown): [string, unknown][] {
    return Object.entries(fields as Record<string, unknown>).filter(([field]) => this.table.columns[field as keyof D] !== null);
  }

  private keyOf(document: unknown): Value[] {
    return this.keyFields.map((field) => encode((document as Record<string, unknown>)[field]));
  }

  private whereSql(where: Where<D>): { sql: string; params: Value[] } {
    const terms: string[] = [];
    const params: Value[] = [];
    for (const [field, condition] of Object.entries(where) as [string, Condition<Value>][]) {
      if (condition === undefined) throw new UndefinedConditionError(field);
      const column = this.column(field);
      if (condition === null) {
        terms.push(`${column} IS NULL`);
      } else if (typeof condition === 'object') {
        const [operator, value] = Object.entries(condition)[0] as [
          keyof typeof OPERATORS | 'contains' | 'has' | 'in' | 'with',
          Value | Value[],
        ];
        if (operator === 'ne' && value === null) {
          // Written out, not bound: a partial index (WHERE column IS NOT NULL) serves only a query that says so itself.
          terms.push(`${column} IS NOT NULL`);
          continue;
        }
        if (operator === 'with') {
          // An object is JSON text: each inner field named is read out of it (IS: an inner null matches absent too).
          for (const [name, inner] of Object.entries(value as unknown as Record<string, Value>)) {
            terms.push(`json_extract(${column}, ?) IS ?`);
            params.push(`$.${JSON.stringify(name)}`, encode(inner));
          }
          continue;
        }
        if (operator === 'in') {
          // One statement whatever the number of values: they are one JSON array parameter.
          terms.push(`${column} IN (SELECT value FROM json_each(?))`);
          params.push(JSON.stringify((value as Value[]).map(encode)));
          continue;
        }
        // A list is JSON text: it holds the value when one of its items is it. Text holds text by instr (no LIKE
        // wildcards, case as given).
        terms.push(
          operator === 'has'
            ? `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value = ?)`
            : operator === 'contains'
              ? `instr(${column}, ?) > 0`
              : `${column} ${OPERATORS[operator]} ?`,
        );
        params.push(encode(value as Value));
      } else {
        terms.push(`${column} = ?`);
        params.push(encode(condition));
      }
    }
    return { sql: terms.length ? ` WHERE ${terms.join(' AND ')}` : '', params };
  }

  private column(field: string): string {
    const column = this.table.columns[field as keyof D];
    if (column === undefined || column === null) throw new Error(`${this.table.name} keeps no field ${field}`);
    return column;
  }

  /**
   * SQLite names the columns whose unique index refused the write: the field the first stores (of an index over
   * several, its first, as MongoDB's adapter names a group).
   */
  private uniqueTaken(error: unknown): UniqueTakenError | null {
    const { code, message } = error as { code?: string; message?: string };
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
    const column = /constraint failed: \w+\.(\w+)/.exec(message ?? '')?.[1] ?? '';
    return new UniqueTakenError(this.fieldOf.get(column) ?? column);
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.database.prepare(sql)));
    return statement;
  }
}

const OPERATORS = { gt: '>', lt: '<', lte: '<=', ne: 'IS NOT' } as const;

const encode = (value: unknown): Value =>
  typeof value === 'boolean'
    ? value
      ? 1
      : 0
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : (value as Value);
