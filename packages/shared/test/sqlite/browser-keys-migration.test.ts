import { repositoriesOf } from '@byline/shared/store';
import { type SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { reopenedAfter } from '@byline/test-support';

describe('embedded store: a database from before browser keys', () => {
  it('keeps every existing key a server key, with its account’s origins, and can then make browser keys', async () => {
    const arrange = async (store: SqliteStore) => {
      const before = repositoriesOf(store);
      await before.apiKeys.createKey({ email: 'desk@example.org', name: 'cms', key: 'bk_old', secretHash: 'hash' }, new Date());
      await before.apiAccounts.setOrigins('desk@example.org', ['https://desk.example']);
    };
    // Back to the schema before migration 019: no kind, origins or limit on a key, the migration not recorded.
    const before019 = `DROP INDEX api_keys_browser;
             ALTER TABLE api_keys DROP COLUMN kind;
             ALTER TABLE api_keys DROP COLUMN browser_origins;
             ALTER TABLE api_keys DROP COLUMN rate_limit_per_minute;
             DELETE FROM schema_migrations WHERE name = '019-browser-keys';`;
    await reopenedAfter(arrange, before019, async (reopened) => {
      const { apiKeys: keys, apiCredentials: credentials } = repositoriesOf(reopened);
      const [old] = await keys.keysOf('desk@example.org');
      expect(old).toMatchObject({ key: 'bk_old', kind: 'server', origins: [], rate_limit_per_minute: null });
      expect((await credentials.findCredential('bk_old'))!.browser).toBeNull();
      await expect(credentials.originsOfKey('bk_old')).resolves.toEqual(['https://desk.example']);
      const browser = { origins: ['https://page.example'], rateLimitPerMinute: 60 };
      await keys.createKey(
        {
          email: 'desk@example.org',
          name: 'page',
          key: 'bk_new',
          secretHash: 'hash',
          browser,
        },
        new Date(),
      );
      expect((await credentials.findCredential('bk_new'))!.browser).toEqual(browser);
    });
  });
});
