import type { RotationOverlap } from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiKeys } from '@byline/domain/api-accounts/api-keys-repository';
import type { ApiKeySummary, BrowserKeySettings } from '@byline/domain/domain/types';
import { generateKeyPair, hashSecret, type KeyPair } from './key-material';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A new key pair and what is stored of it: the secret only as its hash. */
function newKey(name: string, browser?: BrowserKeySettings) {
  const pair = generateKeyPair();
  return {
    pair,
    stored: { name, key: pair.key, secretHash: hashSecret(pair.key, pair.secret), ...(browser ? { browser } : {}) },
  };
}

/**
 * Creates the account if needed and a new key pair: a browser key with `browser` (settings already checked, see
 * checkBrowserKeySettings), a server key without; created `at` (the time of the call unless given). The secret
 * exists in clear only in the returned value.
 */
export async function createApiKey(
  keys: Pick<ApiKeys, 'createKey'>,
  email: string,
  name = 'default',
  browser?: BrowserKeySettings,
  at = new Date(),
): Promise<KeyPair & { summary: ApiKeySummary }> {
  const { pair, stored } = newKey(name, browser);
  const summary = await keys.createKey({ email: normalizeEmail(email), ...stored }, at);
  return { ...pair, summary };
}

/**
 * A new key pair, named `name` (a browser key with `browser`), taking the place of `key` in one change (see
 * ApiKeys.rotateKey) at `overlap.at`, the old key kept working until `overlap.until` when given; null, and nothing changed,
 * when `key` is unknown, revoked or already rotated away.
 */
export async function rotateApiKey(
  keys: Pick<ApiKeys, 'rotateKey'>,
  key: string,
  name: string,
  browser: BrowserKeySettings | undefined,
  overlap: RotationOverlap,
): Promise<(KeyPair & { summary: ApiKeySummary }) | null> {
  const { pair, stored } = newKey(name, browser);
  const summary = await keys.rotateKey(key, stored, overlap);
  return summary ? { ...pair, summary } : null;
}
