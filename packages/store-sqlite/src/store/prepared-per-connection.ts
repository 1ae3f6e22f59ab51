import type Database from 'better-sqlite3';

/**
 * Statements prepared once per connection, for module functions that run inside a caller's transaction: `prepare`
 * runs on a connection's first use; `forget` drops them (a migration changed a table they write).
 */
export function preparedPerConnection<T>(prepare: (db: Database.Database) => T) {
  const byDb = new WeakMap<Database.Database, T>();
  const statements = (db: Database.Database): T => {
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = prepare(db)));
    return prepared;
  };
  return Object.assign(statements, { forget: (db: Database.Database) => void byDb.delete(db) });
}
