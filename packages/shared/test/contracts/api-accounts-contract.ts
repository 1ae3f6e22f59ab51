import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';
import type { NewApiKey } from '@byline/domain/api-accounts/api-accounts-repository';

/** The time the tests' changes happen at: the stores write the time they are given. */
const AT = new Date('2026-01-01T09:00:00.000Z');
const newKey = (key: string, email = 'desk@example.org', name = 'newsroom'): NewApiKey => ({
  email,
  name,
  key,
  secretHash: `hash-of-${key}`,
});
const successor = (key: string, name = 'newsroom') => ({ name, key, secretHash: `hash-of-${key}` });
/** A new server key on desk@example.org as every store answers it: made AT, never used, with no origins or limit of its own. */
const newServerKey = (key: string, name: string) => ({
  key,
  name,
  email: 'desk@example.org',
  created_at: AT.toISOString(),
  revoked_at: null,
  retires_at: null,
  last_used_at: null,
  kind: 'server',
  origins: [],
  rate_limit_per_minute: null,
});

/** What every adapter of the ApiAccounts, ApiKeys and ApiCredentials ports does (run for each database by test/contracts/api-accounts.test.ts). */
export function apiAccountsContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const accounts = () => repositories().apiAccounts;
  const keys = () => repositories().apiKeys;
  const credentials = () => repositories().apiCredentials;

  describe('accounts', () => {
    it('opens an account once per email and finds it, active with the default limit', async () => {
      await expect(accounts().findAccount('desk@example.org')).resolves.toBeNull();

      const opened = await accounts().openAccount('desk@example.org', AT);
      expect(opened).toEqual({
        email: 'desk@example.org',
        status: 'active',
        createdAt: AT.toISOString(),
        rateLimitPerMinute: null,
      });
      const later = new Date(AT.getTime() + 60_000);
      await expect(accounts().openAccount('desk@example.org', later)).resolves.toEqual(opened);
      await expect(accounts().findAccount('desk@example.org')).resolves.toEqual(opened);
      await expect(keys().keysOf('desk@example.org')).resolves.toEqual([]);
    });

    it('finds the account a key was created on, with its status and limit', async () => {
      await keys().createKey(newKey('bk_one'), AT);
      await accounts().setStatus('desk@example.org', 'suspended');
      await accounts().setRateLimit('desk@example.org', 25);

      await expect(accounts().findAccount('desk@example.org')).resolves.toMatchObject({
        email: 'desk@example.org',
        status: 'suspended',
        rateLimitPerMinute: 25,
      });
    });

    it('suspends and reactivates an account, which every key of it reflects', async () => {
      await keys().createKey(newKey('bk_a'), AT);
      await keys().createKey(newKey('bk_b'), AT);

      await expect(accounts().setStatus('desk@example.org', 'suspended')).resolves.toBe(true);
      expect((await credentials().findCredential('bk_a'))!.accountStatus).toBe('suspended');
      expect((await credentials().findCredential('bk_b'))!.accountStatus).toBe('suspended');
      await expect(accounts().setStatus('desk@example.org', 'active')).resolves.toBe(true);
      expect((await credentials().findCredential('bk_a'))!.accountStatus).toBe('active');
      await expect(accounts().setStatus('nobody@example.org', 'suspended')).resolves.toBe(false);
    });

    it('names the account each key belongs to, the same for every key of it', async () => {
      await keys().createKey(newKey('bk_one'), AT);
      await keys().createKey(newKey('bk_two'), AT);
      await keys().createKey(newKey('bk_elsewhere', 'other@example.org'), AT);
      const [one, two, elsewhere] = await Promise.all(
        ['bk_one', 'bk_two', 'bk_elsewhere'].map((key) => credentials().findCredential(key)),
      );
      expect(Number.isSafeInteger(one!.accountId)).toBe(true);
      expect(two!.accountId).toBe(one!.accountId);
      expect(elsewhere!.accountId).not.toBe(one!.accountId);
    });

    it('sets and clears an account rate limit', async () => {
      await keys().createKey(newKey('bk_rate'), AT);

      await expect(accounts().setRateLimit('desk@example.org', 120)).resolves.toBe(true);
      expect((await credentials().findCredential('bk_rate'))!.rateLimitPerMinute).toBe(120);
      await expect(accounts().setRateLimit('desk@example.org', null)).resolves.toBe(true);
      expect((await credentials().findCredential('bk_rate'))!.rateLimitPerMinute).toBeNull();
      await expect(accounts().setRateLimit('nobody@example.org', 5)).resolves.toBe(false);
    });

    it('a new account has no limit of its own; setting one shows in its credentials, null removes it', async () => {
      await keys().createKey(newKey('bk_limits', 'limits@example.org'), AT);
      expect((await credentials().findCredential('bk_limits'))?.rateLimitPerMinute).toBeNull();
      expect(await accounts().setRateLimit('limits@example.org', 42)).toBe(true);
      expect((await credentials().findCredential('bk_limits'))?.rateLimitPerMinute).toBe(42);
      expect(await accounts().setRateLimit('limits@example.org', null)).toBe(true);
      expect((await credentials().findCredential('bk_limits'))?.rateLimitPerMinute).toBeNull();
    });

    it('setting a limit for an unknown email changes nothing and says so', async () => {
      expect(await accounts().setRateLimit('nobody@example.org', 10)).toBe(false);
      await expect(accounts().findAccount('nobody@example.org')).resolves.toBeNull();
    });

    it('creates one account when keys for a new email are created concurrently', async () => {
      await Promise.all(['bk_p1', 'bk_p2', 'bk_p3', 'bk_p4'].map((key) => keys().createKey(newKey(key, 'race@example.org'), AT)));
      const listed = await keys().keysOf('race@example.org');
      expect(listed.map((k) => k.key).sort()).toEqual(['bk_p1', 'bk_p2', 'bk_p3', 'bk_p4']);
      await accounts().setStatus('race@example.org', 'suspended');
      for (const key of listed) expect((await credentials().findCredential(key.key))!.accountStatus).toBe('suspended');
    });
  });

  describe('keys', () => {
    it('creates keys under one account per email and lists them oldest first', async () => {
      const first = await keys().createKey(newKey('bk_one'), AT);
      await keys().createKey(newKey('bk_two', 'desk@example.org', 'second'), AT);
      await keys().createKey(newKey('bk_other', 'other@example.org'), AT);

      expect(first).toEqual(newServerKey('bk_one', 'newsroom'));
      const listed = await keys().keysOf('desk@example.org');
      expect(listed.map((k) => [k.key, k.name])).toEqual([
        ['bk_one', 'newsroom'],
        ['bk_two', 'second'],
      ]);
      expect(listed[0]).toEqual(first);
      await expect(keys().keysOf('nobody@example.org')).resolves.toEqual([]);
    });

    it('finds a credential with its secret hash, revocation and account state, never for unknown keys', async () => {
      await keys().createKey(newKey('bk_cred'), AT);

      await expect(credentials().findCredential('bk_cred')).resolves.toEqual({
        key: 'bk_cred',
        secretHash: 'hash-of-bk_cred',
        revoked: false,
        retiresAt: null,
        accountId: expect.any(Number),
        accountStatus: 'active',
        rateLimitPerMinute: null,
        browser: null,
      });
      await expect(credentials().findCredential('bk_missing')).resolves.toBeNull();
    });

    it('creates a browser key with its own origins and limit, listed and checked with them', async () => {
      const browser = { origins: ['https://b.example', 'http://localhost:3000'], rateLimitPerMinute: 30 };
      const created = await keys().createKey({ ...newKey('bk_page'), browser }, AT);
      await keys().createKey(newKey('bk_server'), AT);
      await accounts().setRateLimit('desk@example.org', 100);

      expect(created).toMatchObject({ key: 'bk_page', kind: 'browser', origins: browser.origins, rate_limit_per_minute: 30 });
      const listed = await keys().keysOf('desk@example.org');
      expect(listed.map((k) => [k.key, k.kind, k.origins, k.rate_limit_per_minute])).toEqual([
        ['bk_page', 'browser', browser.origins, 30],
        ['bk_server', 'server', [], null],
      ]);
      await expect(credentials().findCredential('bk_page')).resolves.toEqual({
        key: 'bk_page',
        secretHash: 'hash-of-bk_page',
        revoked: false,
        retiresAt: null,
        accountId: expect.any(Number),
        accountStatus: 'active',
        rateLimitPerMinute: 100,
        browser,
      });
      expect((await credentials().findCredential('bk_server'))!.browser).toBeNull();
    });

    it('changes a browser key’s origins and limit, and never makes a server key a browser key', async () => {
      await keys().createKey({ ...newKey('bk_page'), browser: { origins: ['https://a.example'], rateLimitPerMinute: 60 } }, AT);
      await keys().createKey(newKey('bk_server'), AT);

      const changed = { origins: ['https://c.example:8443', 'https://a.example'], rateLimitPerMinute: 12 };
      await expect(keys().setBrowserKey('bk_page', changed)).resolves.toBe(true);
      expect((await credentials().findCredential('bk_page'))!.browser).toEqual(changed);
      const [page] = await keys().keysOf('desk@example.org');
      expect([page!.origins, page!.rate_limit_per_minute]).toEqual([changed.origins, 12]);

      await expect(keys().setBrowserKey('bk_server', changed)).resolves.toBe(false);
      expect((await credentials().findCredential('bk_server'))!.browser).toBeNull();
      await expect(keys().setBrowserKey('bk_missing', changed)).resolves.toBe(false);
    });

    it('revokes a key once: the first revocation time is kept', async () => {
      await keys().createKey(newKey('bk_rev'), AT);

      await expect(keys().revokeKey('bk_rev', AT)).resolves.toBe(true);
      const [revoked] = await keys().keysOf('desk@example.org');
      expect(revoked!.revoked_at).toBe(AT.toISOString());
      await expect(keys().revokeKey('bk_rev', new Date(AT.getTime() + 5))).resolves.toBe(true);
      const [again] = await keys().keysOf('desk@example.org');
      expect(again!.revoked_at).toBe(revoked!.revoked_at);
      expect((await credentials().findCredential('bk_rev'))!.revoked).toBe(true);
      await expect(keys().revokeKey('bk_missing', AT)).resolves.toBe(false);
    });

    it('knows whether any key is still active: none at first, one once created, none once it is revoked', async () => {
      await expect(keys().hasActiveKey()).resolves.toBe(false);
      await accounts().openAccount('nokeys@example.org', AT);
      await expect(keys().hasActiveKey()).resolves.toBe(false);
      await keys().createKey(newKey('bk_only'), AT);
      await expect(keys().hasActiveKey()).resolves.toBe(true);
      await keys().revokeKey('bk_only', AT);
      await expect(keys().hasActiveKey()).resolves.toBe(false);
    });
  });

  describe('key rotation', () => {
    it('puts the successor in the key’s place on its account: the old key revoked, the new one working', async () => {
      await keys().createKey(newKey('bk_old', 'desk@example.org', 'cms'), AT);
      await accounts().setStatus('desk@example.org', 'suspended');

      const rotated = await keys().rotateKey('bk_old', successor('bk_new', 'cms'), { at: AT });

      expect(rotated).toEqual(newServerKey('bk_new', 'cms'));
      const [old, next] = await keys().keysOf('desk@example.org');
      expect(old).toMatchObject({ key: 'bk_old', revoked_at: AT.toISOString() });
      expect(next).toEqual(rotated);
      expect((await credentials().findCredential('bk_old'))!.revoked).toBe(true);
      await expect(credentials().findCredential('bk_new')).resolves.toEqual({
        key: 'bk_new',
        secretHash: 'hash-of-bk_new',
        revoked: false,
        retiresAt: null,
        accountId: expect.any(Number),
        accountStatus: 'suspended',
        rateLimitPerMinute: null,
        browser: null,
      });
    });

    it('makes a browser key’s successor with the settings given', async () => {
      const browser = { origins: ['https://page.example'], rateLimitPerMinute: 20 };
      await keys().createKey({ ...newKey('bk_page'), browser }, AT);

      const rotated = await keys().rotateKey('bk_page', { ...successor('bk_page2'), browser }, { at: AT });

      expect(rotated).toMatchObject({ key: 'bk_page2', kind: 'browser', origins: browser.origins, rate_limit_per_minute: 20 });
      expect((await credentials().findCredential('bk_page2'))!.browser).toEqual(browser);
      await expect(credentials().allAllowedOrigins()).resolves.toEqual(['https://page.example']);
    });

    it('rotates no unknown or revoked key, and then writes nothing', async () => {
      await keys().createKey(newKey('bk_gone'), AT);
      await keys().revokeKey('bk_gone', AT);

      await expect(keys().rotateKey('bk_gone', successor('bk_after_gone'), { at: AT })).resolves.toBeNull();
      await expect(keys().rotateKey('bk_missing', successor('bk_after_missing'), { at: AT })).resolves.toBeNull();

      await expect(credentials().findCredential('bk_after_gone')).resolves.toBeNull();
      await expect(credentials().findCredential('bk_after_missing')).resolves.toBeNull();
      expect((await keys().keysOf('desk@example.org')).map((k) => k.key)).toEqual(['bk_gone']);
    });

    it('with an overlap, keeps the old key unrevoked until its end, and rotates it no more', async () => {
      await keys().createKey(newKey('bk_roll'), AT);
      const at = new Date('2026-01-01T10:00:00.000Z');
      const until = new Date('2026-01-02T10:00:00.000Z');

      const rotated = await keys().rotateKey('bk_roll', successor('bk_rolled'), { at, until });

      expect(rotated).toMatchObject({ key: 'bk_rolled', created_at: at.toISOString(), retires_at: null });
      const [old] = await keys().keysOf('desk@example.org');
      expect(old).toMatchObject({ key: 'bk_roll', revoked_at: null, retires_at: until.toISOString() });
      expect(await credentials().findCredential('bk_roll')).toMatchObject({ revoked: false, retiresAt: until.toISOString() });
      await expect(keys().rotateKey('bk_roll', successor('bk_again'), { at, until })).resolves.toBeNull();
      await expect(credentials().findCredential('bk_again')).resolves.toBeNull();
      // Revoking it still cuts it at once.
      await keys().revokeKey('bk_roll', AT);
      expect(await credentials().findCredential('bk_roll')).toMatchObject({ revoked: true });
    });

    it('leaves a retiring browser key’s origins to its successor', async () => {
      await keys().createKey(
        {
          ...newKey('bk_widget'),
          browser: { origins: ['https://old.example'], rateLimitPerMinute: 5 },
        },
        AT,
      );
      const at = new Date('2026-01-01T10:00:00.000Z');
      const browser = { origins: ['https://new.example'], rateLimitPerMinute: 5 };
      await keys().rotateKey('bk_widget', { ...successor('bk_widget2'), browser }, { at, until: new Date(at.getTime() + 1) });
      await expect(credentials().allAllowedOrigins()).resolves.toEqual(['https://new.example']);
    });

    it('with an overlap that ends at once, revokes the old key as without one', async () => {
      await keys().createKey(newKey('bk_cut'), AT);
      const at = new Date('2026-01-01T10:00:00.000Z');
      await keys().rotateKey('bk_cut', successor('bk_cut2'), { at, until: at });
      expect(await credentials().findCredential('bk_cut')).toMatchObject({ revoked: true, retiresAt: null });
    });

    it('of concurrent rotations of one key, one succeeds: one successor, one working key', async () => {
      await keys().createKey(newKey('bk_twice'), AT);

      const results = await Promise.all([
        keys().rotateKey('bk_twice', successor('bk_first'), { at: AT }),
        keys().rotateKey('bk_twice', successor('bk_second'), { at: AT }),
      ]);

      expect(results.filter((result) => result !== null)).toHaveLength(1);
      const listed = await keys().keysOf('desk@example.org');
      expect(listed.filter((k) => k.revoked_at === null).map((k) => k.key)).toEqual([results.find(Boolean)!.key]);
    });
  });

  describe('web origins', () => {
    it('keeps an account’s origins in the order set, replaces them whole, and clears them', async () => {
      await keys().createKey(newKey('bk_desk', 'desk@example.org', 'page'), AT);
      await expect(accounts().originsOf('desk@example.org')).resolves.toEqual([]);

      await expect(accounts().setOrigins('desk@example.org', ['https://b.example', 'https://a.example'])).resolves.toBe(true);
      await expect(accounts().originsOf('desk@example.org')).resolves.toEqual(['https://b.example', 'https://a.example']);

      await accounts().setOrigins('desk@example.org', ['http://localhost:3000']);
      await expect(accounts().originsOf('desk@example.org')).resolves.toEqual(['http://localhost:3000']);

      await accounts().setOrigins('desk@example.org', []);
      await expect(accounts().originsOf('desk@example.org')).resolves.toEqual([]);
    });

    it('knows no origins of an unknown account and changes nothing for one', async () => {
      await expect(accounts().originsOf('nobody@example.org')).resolves.toBeNull();
      await expect(accounts().setOrigins('nobody@example.org', ['https://a.example'])).resolves.toBe(false);
      await expect(credentials().allAllowedOrigins()).resolves.toEqual([]);
    });

    it('gives the origins of the account a key belongs to, and every origin once across accounts', async () => {
      await keys().createKey(newKey('bk_one', 'one@example.org', 'page'), AT);
      await keys().createKey(newKey('bk_one_more', 'one@example.org', 'page'), AT);
      await keys().createKey(newKey('bk_two', 'two@example.org', 'page'), AT);
      await keys().createKey(newKey('bk_none', 'none@example.org', 'page'), AT);
      await accounts().setOrigins('one@example.org', ['https://one.example', 'https://shared.example']);
      await accounts().setOrigins('two@example.org', ['https://shared.example', 'https://two.example:8443']);

      await expect(credentials().originsOfKey('bk_one_more')).resolves.toEqual(['https://one.example', 'https://shared.example']);
      await expect(credentials().originsOfKey('bk_two')).resolves.toEqual(['https://shared.example', 'https://two.example:8443']);
      await expect(credentials().originsOfKey('bk_none')).resolves.toEqual([]);
      await expect(credentials().originsOfKey('bk_missing')).resolves.toEqual([]);
      await expect(credentials().allAllowedOrigins()).resolves.toEqual([
        'https://one.example',
        'https://shared.example',
        'https://two.example:8443',
      ]);
    });

    it('gives a browser key its own origins, not its account’s, and lets preflights grant those of unrevoked browser keys', async () => {
      await keys().createKey(newKey('bk_server', 'desk@example.org', 'page'), AT);
      await keys().createKey(
        {
          ...newKey('bk_page', 'desk@example.org', 'page'),
          browser: { origins: ['https://page.example', 'https://shared.example'], rateLimitPerMinute: 60 },
        },
        AT,
      );
      await keys().createKey(
        {
          ...newKey('bk_gone', 'desk@example.org', 'page'),
          browser: { origins: ['https://gone.example'], rateLimitPerMinute: 60 },
        },
        AT,
      );
      await accounts().setOrigins('desk@example.org', ['https://shared.example', 'https://desk.example']);
      await keys().revokeKey('bk_gone', AT);

      await expect(credentials().originsOfKey('bk_page')).resolves.toEqual(['https://page.example', 'https://shared.example']);
      await expect(credentials().originsOfKey('bk_server')).resolves.toEqual(['https://shared.example', 'https://desk.example']);
      await expect(credentials().allAllowedOrigins()).resolves.toEqual([
        'https://desk.example',
        'https://page.example',
        'https://shared.example',
      ]);
      await keys().setBrowserKey('bk_page', { origins: ['https://moved.example'], rateLimitPerMinute: 60 });
      await expect(credentials().allAllowedOrigins()).resolves.toEqual([
        'https://desk.example',
        'https://moved.example',
        'https://shared.example',
      ]);
    });
  });
}
