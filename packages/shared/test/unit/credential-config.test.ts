import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { loadConfig } from '@byline/domain/config/config';
import { configErrorOf, tempDir } from '@byline/test-support';

const ed25519 = () => generateKeyPairSync('ed25519').privateKey;
const DAY = 24 * 60 * 60 * 1000;

describe('CREDENTIAL_SIGNING_KEY and CREDENTIAL_VALIDITY', () => {
  it('has no key and 30 days by default', () => {
    const config = loadConfig({});
    expect(config.credentialSigningKey).toBeUndefined();
    expect(config.credentialValidityMs).toBe(30 * DAY);
  });

  it('takes an Ed25519 private key as a JWK, as a PEM, or from a file holding either', () => {
    const key = ed25519();
    const jwk = JSON.stringify(key.export({ format: 'jwk' }));
    const pem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const file = path.join(tempDir(), 'signing-key.pem');
    fs.writeFileSync(file, pem);
    for (const value of [jwk, pem, file]) {
      const loaded = loadConfig({ CREDENTIAL_SIGNING_KEY: value }).credentialSigningKey!;
      expect(loaded.equals(key)).toBe(true);
    }
  });

  it.each([
    ['garbage', 'not a key at all', /neither a JWK, a PEM nor a file that can be read/],
    ['a directory', '/tmp', /not a key file \(a regular file of at most 16 KB\)/],
    ['a device', '/dev/zero', /not a key file/],
    [
      'a PEM whose line breaks are written as \\n',
      '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEI\\n-----END PRIVATE KEY-----',
      /line breaks are written as \\n/,
    ],
    ['a JWK without its private part', JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'AAAA' }), /holds no private key/],
    [
      'an RSA key',
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      /must be an Ed25519 private key \(this one is rsa\)/,
    ],
  ])('stops on %s, naming the variable and never the value', (_, value, problem) => {
    const message = configErrorOf({ CREDENTIAL_SIGNING_KEY: value });
    expect(message).toMatch(/"CREDENTIAL_SIGNING_KEY"/);
    expect(message).toMatch(problem);
    expect(message).not.toContain(value.slice(0, 60));
  });

  it('never shows the key when the configuration is printed or inspected', () => {
    const key = ed25519();
    const config = loadConfig({ CREDENTIAL_SIGNING_KEY: JSON.stringify(key.export({ format: 'jwk' })) });
    const secret = key.export({ format: 'jwk' }).d!;
    expect(JSON.stringify(config)).not.toContain(secret);
    expect(inspect(config, { depth: 5 })).not.toContain(secret);
  });

  it('refuses a validity under an hour or over a year', () => {
    expect(configErrorOf({ CREDENTIAL_VALIDITY: '30m' })).toMatch(/CREDENTIAL_VALIDITY/);
    expect(configErrorOf({ CREDENTIAL_VALIDITY: '400d' })).toMatch(/CREDENTIAL_VALIDITY/);
    expect(loadConfig({ CREDENTIAL_VALIDITY: '7d' }).credentialValidityMs).toBe(7 * DAY);
  });
});
