import { generateKeyPair, hashSecret, KEY_LENGTH, randomBase62, secretMatches } from '../../src/auth/key-material';

const BASE62_24 = /^[0-9A-Za-z]{24}$/;

describe('key material', () => {
  it('makes a key and a secret of 24 base62 characters, and the token joining them', () => {
    const pair = generateKeyPair();

    expect(KEY_LENGTH).toBe(24);
    expect(pair.key).toMatch(BASE62_24);
    expect(pair.secret).toMatch(BASE62_24);
    expect(pair.token).toBe(`${pair.key}:${pair.secret}`);
  });

  it('never repeats itself', () => {
    const values = Array.from({ length: 500 }, () => randomBase62(KEY_LENGTH));
    expect(new Set(values).size).toBe(values.length);
  });

  it('uses the whole base62 alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomBase62(KEY_LENGTH)).join(''));
    expect(seen.size).toBe(62);
  });

  it.each([0, 1, 7, 100])('makes exactly %i characters', (length) => {
    expect(randomBase62(length)).toHaveLength(length);
  });

  it('stores a hash that is neither the secret nor contains it', () => {
    const { key, secret } = generateKeyPair();
    const hash = hashSecret(key, secret);

    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(hashSecret(key, secret)).toBe(hash);
  });

  it('accepts the right secret only', () => {
    const { key, secret } = generateKeyPair();
    const stored = hashSecret(key, secret);

    expect(secretMatches(stored, key, secret)).toBe(true);
    expect(secretMatches(stored, key, `${secret}x`)).toBe(false);
    expect(secretMatches(stored, key, secret.toLowerCase() === secret ? secret.toUpperCase() : secret.toLowerCase())).toBe(false);
    expect(secretMatches(stored, generateKeyPair().key, secret)).toBe(false);
    expect(secretMatches(stored, key, '')).toBe(false);
  });

  it('refuses, without throwing, a stored hash of another length (the constant-time compare needs equal lengths)', () => {
    const { key, secret } = generateKeyPair();

    expect(secretMatches('', key, secret)).toBe(false);
    expect(secretMatches('abcd', key, secret)).toBe(false);
    expect(secretMatches(`${hashSecret(key, secret)}00`, key, secret)).toBe(false);
  });
});
