import type { ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import type { ApiKeys } from '@byline/domain/api-accounts/api-keys-repository';
import { createApiKey } from '../../src/auth/api-keys';
import { CredentialChecker } from '../../src/auth/credential-checker';
import { repositoriesOf } from '../../src/store/repositories-of';
import type { Store } from '@byline/domain/store/store';
import { embeddedStore } from '@byline/test-support';

const TTL_MS = 1000;

describe('CredentialChecker', () => {
  let store: Store;
  let accounts: ApiAccounts;
  let keys: ApiKeys;
  let credentials: ApiCredentials;
  let reads: number;
  let counted: Pick<ApiCredentials, 'findCredential' | 'originsOfKey'>;
  let now: number;
  const clock = () => now;

  beforeAll(() => {
    store = embeddedStore();
    ({ apiAccounts: accounts, apiKeys: keys, apiCredentials: credentials } = repositoriesOf(store));
    counted = {
      findCredential: (key) => {
        reads++;
        return credentials.findCredential(key);
      },
      originsOfKey: (key) => credentials.originsOfKey(key),
    };
  });
  afterAll(() => store.close());
  beforeEach(() => {
    reads = 0;
    now = 1_000_000;
  });

  it('accepts the right secret and refuses a wrong one or an unknown key', async () => {
    const checker = new CredentialChecker(credentials, TTL_MS, clock);
    const { key, secret } = await createApiKey(keys, 'checker@example.org');

    expect(await checker.check(key, secret)).toBe('valid');
    expect(await checker.check(key, `${secret}x`)).toBe('invalid');
    expect(await checker.check('unknown-key', secret)).toBe('invalid');
  });

  it('reuses a credential read within the TTL and reads again after it', async () => {
    const checker = new CredentialChecker(counted, TTL_MS, clock);
    const { key, secret } = await createApiKey(keys, 'checker@example.org');

    await checker.check(key, secret);
    now += TTL_MS - 1;
    await checker.check(key, secret);
    expect(reads).toBe(1);

    now += 1;
    await checker.check(key, secret);
    expect(reads).toBe(2);
  });

  it('refuses a revoked key once the TTL has passed', async () => {
    const checker = new CredentialChecker(credentials, TTL_MS, clock);
    const { key, secret } = await createApiKey(keys, 'checker@example.org');
    expect(await checker.check(key, secret)).toBe('valid');

    await keys.revokeKey(key, new Date());
    now += TTL_MS;

    expect(await checker.check(key, secret)).toBe('invalid');
  });

  it('sees a suspension after the TTL, and a wrong secret stays invalid even then', async () => {
    const checker = new CredentialChecker(credentials, TTL_MS, clock);
    const email = 'suspend-me@example.org';
    const { key, secret } = await createApiKey(keys, email);
    expect(await checker.check(key, secret)).toBe('valid');

    await accounts.setStatus(email, 'suspended');
    now += TTL_MS;

    expect(await checker.check(key, secret)).toBe('suspended');
    expect(await checker.check(key, 'wrong')).toBe('invalid');
  });

  it('asks the store every time with a TTL of 0', async () => {
    const checker = new CredentialChecker(counted, 0, clock);
    const { key, secret } = await createApiKey(keys, 'checker@example.org');

    await checker.check(key, secret);
    await checker.check(key, secret);
    await keys.revokeKey(key, new Date());

    expect(await checker.check(key, secret)).toBe('invalid');
    expect(reads).toBe(3);
  });
});
