import { storeFactories } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';

const newKey = (key: string, email: string) => ({ email, name: 'page', key, secretHash: `hash-of-${key}` });

describe.each(storeFactories())('store contract: API account origins ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('keeps an account’s origins in the order set, replaces them whole, and clears them', async () => {
    await store().createApiKey(newKey('bk_desk', 'desk@example.org'));
    await expect(store().accountOrigins('desk@example.org')).resolves.toEqual([]);

    await expect(store().setAccountOrigins('desk@example.org', ['https://b.example', 'https://a.example'])).resolves.toBe(true);
    await expect(store().accountOrigins('desk@example.org')).resolves.toEqual(['https://b.example', 'https://a.example']);

    await store().setAccountOrigins('desk@example.org', ['http://localhost:3000']);
    await expect(store().accountOrigins('desk@example.org')).resolves.toEqual(['http://localhost:3000']);

    await store().setAccountOrigins('desk@example.org', []);
    await expect(store().accountOrigins('desk@example.org')).resolves.toEqual([]);
  });

  it('knows no origins of an unknown account and changes nothing for one', async () => {
    await expect(store().accountOrigins('nobody@example.org')).resolves.toBeNull();
    await expect(store().setAccountOrigins('nobody@example.org', ['https://a.example'])).resolves.toBe(false);
    await expect(store().allAllowedOrigins()).resolves.toEqual([]);
  });

  it('gives the origins of the account a key belongs to, and every origin once across accounts', async () => {
    await store().createApiKey(newKey('bk_one', 'one@example.org'));
    await store().createApiKey(newKey('bk_one_more', 'one@example.org'));
    await store().createApiKey(newKey('bk_two', 'two@example.org'));
    await store().createApiKey(newKey('bk_none', 'none@example.org'));
    await store().setAccountOrigins('one@example.org', ['https://one.example', 'https://shared.example']);
    await store().setAccountOrigins('two@example.org', ['https://shared.example', 'https://two.example:8443']);

    await expect(store().originsOfKey('bk_one_more')).resolves.toEqual(['https://one.example', 'https://shared.example']);
    await expect(store().originsOfKey('bk_two')).resolves.toEqual(['https://shared.example', 'https://two.example:8443']);
    await expect(store().originsOfKey('bk_none')).resolves.toEqual([]);
    await expect(store().originsOfKey('bk_missing')).resolves.toEqual([]);
    await expect(store().allAllowedOrigins()).resolves.toEqual([
      'https://one.example',
      'https://shared.example',
      'https://two.example:8443',
    ]);
  });

  it('gives a browser key its own origins, not its account’s, and lets preflights grant those of unrevoked browser keys', async () => {
    await store().createApiKey(newKey('bk_server', 'desk@example.org'));
    await store().createApiKey({
      ...newKey('bk_page', 'desk@example.org'),
      browser: { origins: ['https://page.example', 'https://shared.example'], rateLimitPerMinute: 60 },
    });
    await store().createApiKey({
      ...newKey('bk_gone', 'desk@example.org'),
      browser: { origins: ['https://gone.example'], rateLimitPerMinute: 60 },
    });
    await store().setAccountOrigins('desk@example.org', ['https://shared.example', 'https://desk.example']);
    await store().revokeApiKey('bk_gone');

    await expect(store().originsOfKey('bk_page')).resolves.toEqual(['https://page.example', 'https://shared.example']);
    await expect(store().originsOfKey('bk_server')).resolves.toEqual(['https://shared.example', 'https://desk.example']);
    await expect(store().allAllowedOrigins()).resolves.toEqual([
      'https://desk.example',
      'https://page.example',
      'https://shared.example',
    ]);
    await store().setBrowserKey('bk_page', { origins: ['https://moved.example'], rateLimitPerMinute: 60 });
    await expect(store().allAllowedOrigins()).resolves.toEqual([
      'https://desk.example',
      'https://moved.example',
      'https://shared.example',
    ]);
  });
});
