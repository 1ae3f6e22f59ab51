import { selectedColumns, type SqliteTable } from '@byline/store-sqlite/documents/sqlite-documents';
import { ACCOUNTS_TABLE, API_KEYS_TABLE } from '@byline/store-sqlite/api-accounts/sqlite-api-account-tables';
import { queryPlans } from './query-plans';

/** The statement the generic documents' `first` prepares for a where of one field (see SqliteDocuments.firstNow). */
const firstBy = <D>(table: SqliteTable<D>, column: string) =>
  `SELECT ${selectedColumns(table, table.name)} FROM ${table.name} WHERE ${column} = ? ORDER BY id LIMIT 1`;

// The verifiers' hot path: a credential read must stay a search by the key's unique index, then the account's rowid.
describe('embedded store: how a credential is found', () => {
  it('reads the key by its unique index and its account by rowid, scanning and sorting nothing', async () => {
    const [key, account] = await queryPlans([firstBy(API_KEYS_TABLE, 'key'), 'bk_key'], [firstBy(ACCOUNTS_TABLE, 'id'), '1']);
    expect(key).toHaveLength(1);
    expect(key![0]).toMatch(/^SEARCH api_keys USING INDEX \S+ \(key=\?\)$/);
    expect(account).toEqual(['SEARCH accounts USING INTEGER PRIMARY KEY (rowid=?)']);
  });
});
