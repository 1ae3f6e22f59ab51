import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';

/**
 * An embedded store's file as an earlier process left it, opened again so that its migrations run: `arrange` fills a
 * new store, `sql` then takes the closed file back (columns dropped, a migration forgotten, a backfill half done), and
 * `check` reads the reopened store. The file lives in a directory of its own, removed afterwards.
 */
export async function reopenedAfter<T>(
  arrange: (store: SqliteStore) => Promise<T>,
  sql: string,
  check: (reopened: SqliteStore, arranged: T) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-migration-'));
  try {
    const file = path.join(dir, 'byline.sqlite');
    const store = new SqliteStore(file);
    const arranged = await arrange(store);
    await store.close();
    const db = new Database(file);
    db.exec(sql);
    db.close();
    const reopened = new SqliteStore(file);
    try {
      await check(reopened, arranged);
    } finally {
      await reopened.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
