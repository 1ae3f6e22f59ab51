import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';

/**
 * SQLite's plan of each query with its parameters (EXPLAIN QUERY PLAN, a detail line a step), on the schema a new
 * embedded store makes: what a test pins down so that a hot lookup stays a search by index.
 */
export async function queryPlans(...queries: [sql: string, parameter: string | string[]][]): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-plan-'));
  const file = path.join(dir, 'byline.sqlite');
  await new SqliteStore(file).close();
  const db = new Database(file, { readonly: true });
  try {
    return queries.map(([sql, parameter]) =>
      db
        .prepare<string[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...[parameter].flat())
        .map((step) => step.detail),
    );
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
