import { generateKeyPairSync } from 'node:crypto';
import { repositoriesOf } from '@byline/shared/store';
import { byline, bylineWithEnv, cliTargets, targetsCleanedAfterAll } from './cli-harness';

describe.each(cliTargets())('byline credentials rotate-key ($name store)', (factory) => {
  const targets = targetsCleanedAfterAll(factory);
  /** A target whose store exists, as after `byline import` or the services' first start. */
  const newTarget = async () => {
    const target = targets();
    await target.openStore().close();
    return target;
  };

  it(
    factory.name === 'embedded'
      ? 'signs with a new key from now on, the previous one still published'
      : 'is refused without a key of its own to rotate',
    async () => {
      const target = await newTarget();
      const rotated = await byline(target, 'credentials', 'rotate-key');
      if (factory.name !== 'embedded') {
        // MongoDB signs only with the operator's key, rotated by configuring another.
        expect(rotated.code).toBe(1);
        return;
      }
      expect(rotated.code).toBe(0);
      expect(rotated.stdout).toBe(
        'Credentials are signed with key 1 from now on.\nNone is served yet: PUBLIC_PORTAL_URL is not an https address with a domain name, which did:web needs.\n',
      );
      const again = await bylineWithEnv(
        { ...target.env, PUBLIC_PORTAL_URL: 'https://byline.example' },
        'credentials',
        'rotate-key',
      );
      expect(again.stdout).toBe('Credentials are signed with did:web:byline.example#key-2 from now on.\n');

      const store = target.openStore();
      try {
        const published = await repositoriesOf(store).credentialKeys.published(new Date());
        expect(published.map((key) => key.number)).toEqual([1, 2]);
      } finally {
        await repositoriesOf(store).close();
        await store.close();
      }
    },
  );

  it('is refused with the operator’s key, printing no key', async () => {
    const target = await newTarget();
    const key = generateKeyPairSync('ed25519').privateKey;
    const jwk = JSON.stringify(key.export({ format: 'jwk' }));
    const result = await bylineWithEnv({ ...target.env, CREDENTIAL_SIGNING_KEY: jwk }, 'credentials', 'rotate-key');

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot rotate here: the signing key is the operator’s \(CREDENTIAL_SIGNING_KEY\)/);
    expect(result.stdout + result.stderr).not.toContain(key.export({ format: 'jwk' }).d!);
  });

  it('stops with 78 on a key that cannot be used, naming the variable', async () => {
    const result = await bylineWithEnv(
      { ...(await newTarget()).env, CREDENTIAL_SIGNING_KEY: '{"kty":"OKP"}' },
      'credentials',
      'rotate-key',
    );
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('CREDENTIAL_SIGNING_KEY');
  });
});
