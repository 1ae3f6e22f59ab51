import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { repositoriesOf } from '@byline/shared/store';
import { SQLITE_FILE_NAME, SqliteStore } from '@byline/store-sqlite/store/sqlite-store';

// The editors' queue of identity changes: a few rows among every profile, to be found by the partial index
// profiles_pending_identity, never by a scan of the profiles (whose rows carry their rendered answers: a scan reads
// the whole table). The statement checked is the one the store itself prepares for the queue.
describe('embedded store: how the pending identity changes are found', () => {
  it('reads the partial index of profiles with a pending change', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-plan-'));
    const prepare = jest.spyOn(Database.prototype, 'prepare');
    const repositories = repositoriesOf(SqliteStore.inDirectory(dir));
    try {
      expect(await repositories.identityReview.pendingIdentityChanges()).toEqual([]);
      const sql = prepare.mock.calls.map(([text]) => text).find((text) => /FROM profiles WHERE pending_identity/.test(text));
      expect(sql).toBeDefined();
      const db = new Database(path.join(dir, SQLITE_FILE_NAME), { readonly: true });
      const plan = db
        .prepare<number[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql!}`)
        .all(-1, 0)
        .map((step) => step.detail);
      db.close();
      expect(plan).toEqual(['SCAN profiles USING INDEX profiles_pending_identity']);
    } finally {
      prepare.mockRestore();
      await repositories.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
