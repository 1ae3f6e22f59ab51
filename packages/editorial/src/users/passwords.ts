import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at N=2^15, r=8: 32 MiB of memory per hash, so guessing at scale is costly. Under test (NODE_ENV=test, which
 * jest sets in its process and the processes its tests start; the images set production) N=2^10: the suites hash
 * passwords by the thousand at 60 ms each, and nothing they check depends on the cost. Each hash records the cost it
 * was made with, and checking a password reads it back from there.
 */
export function passwordHashParams(nodeEnv: string | undefined): { N: number; r: number; p: number } {
  return { N: nodeEnv === 'test' ? 2 ** 10 : 2 ** 15, r: 8, p: 1 };
}

const PARAMS = passwordHashParams(process.env.NODE_ENV);
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 10;

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A hash no password matches; checked when the email is unknown so both paths take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
