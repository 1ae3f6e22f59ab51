import { CREDENTIAL_SQL } from '@byline/store-sqlite/api-accounts/sqlite-api-accounts';
import { queryPlans } from './query-plans';

// The verifiers' hot path: a credential read must stay one search by the key's unique index and the account's rowid.
describe('embedded store: how a credential is found', () => {
  it('reads the key by its unique index and its account by rowid, scanning nothing', async () => {
    const [plan] = await queryPlans([CREDENTIAL_SQL, 'bk_key']);
    expect(plan).toHaveLength(2);
    expect(plan![0]).toMatch(/^SEARCH k USING INDEX \S+ \(key=\?\)$/);
    expect(plan![1]).toBe('SEARCH a USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN');
  });
});
