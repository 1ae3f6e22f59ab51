import { storeFactories } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const newKey = (key: string, email = 'desk@example.org', name = 'newsroom') => ({
  email,
  name,
  key,
  secretHash: `hash-of-${key}`,
});

describe.each(storeFactories())('store contract: API keys and accounts ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('creates keys under one account per email and lists them oldest first', async () => {
    const first = await store().createApiKey(newKey('bk_one'));
    await store().createApiKey(newKey('bk_two', 'desk@example.org', 'second'));
    await store().createApiKey(newKey('bk_other', 'other@example.org'));

    expect(first).toEqual({
      key: 'bk_one',
      name: 'newsroom',
      email: 'desk@example.org',
      created_at: expect.stringMatching(ISO),
      revoked_at: null,
      last_used_at: null,
      kind: 'server',
      origins: [],
      rate_limit_per_minute: null,
    });
    const listed = await store().listApiKeys('desk@example.org');
    expect(listed.map((k) => [k.key, k.name])).toEqual([
      ['bk_one', 'newsroom'],
      ['bk_two', 'second'],
    ]);
    expect(listed[0]).toEqual(first);
    await expect(store().listApiKeys('nobody@example.org')).resolves.toEqual([]);
  });

  it('finds a credential with its secret hash, revocation and account state, never for unknown keys', async () => {
    await store().createApiKey(newKey('bk_cred'));

    await expect(store().findCredential('bk_cred')).resolves.toEqual({
      key: 'bk_cred',
      secretHash: 'hash-of-bk_cred',
      revoked: false,
      accountStatus: 'active',
      rateLimitPerMinute: null,
      browser: null,
    });
    await expect(store().findCredential('bk_missing')).resolves.toBeNull();
  });

  it('creates a browser key with its own origins and limit, listed and checked with them', async () => {
    const browser = { origins: ['https://b.example', 'http://localhost:3000'], rateLimitPerMinute: 30 };
    const created = await store().createApiKey({ ...newKey('bk_page'), browser });
    await store().createApiKey(newKey('bk_server'));
    await store().setAccountRateLimit('desk@example.org', 100);

    expect(created).toMatchObject({ key: 'bk_page', kind: 'browser', origins: browser.origins, rate_limit_per_minute: 30 });
    const listed = await store().listApiKeys('desk@example.org');
    expect(listed.map((k) => [k.key, k.kind, k.origins, k.rate_limit_per_minute])).toEqual([
      ['bk_page', 'browser', browser.origins, 30],
      ['bk_server', 'server', [], null],
    ]);
    await expect(store().findCredential('bk_page')).resolves.toEqual({
      key: 'bk_page',
      secretHash: 'hash-of-bk_page',
      revoked: false,
      accountStatus: 'active',
      rateLimitPerMinute: 100,
      browser,
    });
    expect((await store().findCredential('bk_server'))!.browser).toBeNull();
  });

  it('changes a browser key’s origins and limit, and never makes a server key a browser key', async () => {
    await store().createApiKey({ ...newKey('bk_page'), browser: { origins: ['https://a.example'], rateLimitPerMinute: 60 } });
    await store().createApiKey(newKey('bk_server'));

    const changed = { origins: ['https://c.example:8443', 'https://a.example'], rateLimitPerMinute: 12 };
    await expect(store().setBrowserKey('bk_page', changed)).resolves.toBe(true);
    expect((await store().findCredential('bk_page'))!.browser).toEqual(changed);
    const [page] = await store().listApiKeys('desk@example.org');
    expect([page!.origins, page!.rate_limit_per_minute]).toEqual([changed.origins, 12]);

    await expect(store().setBrowserKey('bk_server', changed)).resolves.toBe(false);
    expect((await store().findCredential('bk_server'))!.browser).toBeNull();
    await expect(store().setBrowserKey('bk_missing', changed)).resolves.toBe(false);
  });

  it('revokes a key once: the first revocation time is kept', async () => {
    await store().createApiKey(newKey('bk_rev'));

    await expect(store().revokeApiKey('bk_rev')).resolves.toBe(true);
    const [revoked] = await store().listApiKeys('desk@example.org');
    expect(revoked!.revoked_at).toMatch(ISO);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(store().revokeApiKey('bk_rev')).resolves.toBe(true);
    const [again] = await store().listApiKeys('desk@example.org');
    expect(again!.revoked_at).toBe(revoked!.revoked_at);
    expect((await store().findCredential('bk_rev'))!.revoked).toBe(true);
    await expect(store().revokeApiKey('bk_missing')).resolves.toBe(false);
  });

  it('suspends and reactivates an account, which every key of it reflects', async () => {
    await store().createApiKey(newKey('bk_a'));
    await store().createApiKey(newKey('bk_b'));

    await expect(store().setAccountStatus('desk@example.org', 'suspended')).resolves.toBe(true);
    expect((await store().findCredential('bk_a'))!.accountStatus).toBe('suspended');
    expect((await store().findCredential('bk_b'))!.accountStatus).toBe('suspended');
    await expect(store().setAccountStatus('desk@example.org', 'active')).resolves.toBe(true);
    expect((await store().findCredential('bk_a'))!.accountStatus).toBe('active');
    await expect(store().setAccountStatus('nobody@example.org', 'suspended')).resolves.toBe(false);
  });

  it('sets and clears an account rate limit', async () => {
    await store().createApiKey(newKey('bk_rate'));

    await expect(store().setAccountRateLimit('desk@example.org', 120)).resolves.toBe(true);
    expect((await store().findCredential('bk_rate'))!.rateLimitPerMinute).toBe(120);
    await expect(store().setAccountRateLimit('desk@example.org', null)).resolves.toBe(true);
    expect((await store().findCredential('bk_rate'))!.rateLimitPerMinute).toBeNull();
    await expect(store().setAccountRateLimit('nobody@example.org', 5)).resolves.toBe(false);
  });

  it('adds up usage per key and day, oldest day first', async () => {
    await store().recordUsage([
      { key: 'bk_u', day: '2024-03-02', count: 2 },
      { key: 'bk_u', day: '2024-03-01', count: 1 },
      { key: 'bk_u', day: '2024-03-02', count: 3 },
      { key: 'bk_other', day: '2024-03-02', count: 7 },
    ]);
    await store().recordUsage([{ key: 'bk_u', day: '2024-03-01', count: 4 }]);

    await expect(store().usageOf('bk_u')).resolves.toEqual([
      { key: 'bk_u', day: '2024-03-01', count: 5 },
      { key: 'bk_u', day: '2024-03-02', count: 5 },
    ]);
    await expect(store().usageOf('bk_none')).resolves.toEqual([]);
  });

  it('keeps concurrent usage increments (no lost updates)', async () => {
    await Promise.all(Array.from({ length: 20 }, () => store().recordUsage([{ key: 'bk_c', day: '2024-03-03', count: 1 }])));
    await expect(store().usageOf('bk_c')).resolves.toEqual([{ key: 'bk_c', day: '2024-03-03', count: 20 }]);
  });

  it('creates one account when keys for a new email are created concurrently', async () => {
    await Promise.all(['bk_p1', 'bk_p2', 'bk_p3', 'bk_p4'].map((key) => store().createApiKey(newKey(key, 'race@example.org'))));
    const keys = await store().listApiKeys('race@example.org');
    expect(keys.map((k) => k.key).sort()).toEqual(['bk_p1', 'bk_p2', 'bk_p3', 'bk_p4']);
    await store().setAccountStatus('race@example.org', 'suspended');
    for (const key of keys) expect((await store().findCredential(key.key))!.accountStatus).toBe('suspended');
  });
});
