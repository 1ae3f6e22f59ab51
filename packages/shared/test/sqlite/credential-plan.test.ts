import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CREDENTIAL_SQL } from '../../src/api-accounts/sqlite-api-accounts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store';

// The verifiers' hot path: a credential read must stay one search by the key's unique index and the account's rowid.
describe('embedded store: how a credential is found', () => {
  it('reads the key by its unique index and its account by rowid, scanning nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-plan-'));
    const file = path.join(dir, 'byline.sqlite');
    await new SqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    try {
      const plan = db
        .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${CREDENTIAL_SQL}`)
        .all('bk_key')
        .map((step) => step.detail);
      expect(plan).toHaveLength(2);
      expect(plan[0]).toMatch(/^SEARCH k USING INDEX \S+ \(key=\?\)$/);
      expect(plan[1]).toBe('SEARCH a USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN');
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
