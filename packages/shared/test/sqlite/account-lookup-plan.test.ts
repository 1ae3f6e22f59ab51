import { ACCOUNT_BY_KEY_SQL, ACCOUNT_BY_VALUE_SQL } from '@byline/store-sqlite/store/sqlite-store';
import { queryPlans } from './query-plans';

// A Bluesky or fediverse account is looked up by its claim: by index, never by reading every claim of its kind.
describe('embedded store: how verify_journalist finds a Bluesky or fediverse account', () => {
  it('searches the claims by key or by the handle shown, then the profile’s answer by its id (journalist_answers)', async () => {
    const [byKey, byValue] = await queryPlans(
      [ACCOUNT_BY_KEY_SQL, ['bluesky', 'did:plc:abc']],
      [ACCOUNT_BY_VALUE_SQL, ['bluesky', 'ana.bsky.social']],
    );
    expect(byKey).toEqual([
      'SEARCH c USING INDEX claims_by_key (kind=? AND key=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    expect(byValue).toEqual([
      'SEARCH c USING INDEX claims_by_value (kind=? AND value=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });
});
