import type { ApiKeySummary, BrowserKeySettings } from '../domain/types';
import type { Store } from '../store/store';
import { generateKeyPair, hashSecret, type KeyPair } from './key-material';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates the account if needed and a new key pair: a browser key with `browser` (settings already checked, see
 * checkBrowserKeySettings), a server key without. The secret exists in clear only in the returned value.
 */
export async function createApiKey(
  store: Store,
  email: string,
  name = 'default',
  browser?: BrowserKeySettings,
): Promise<KeyPair & { summary: ApiKeySummary }> {
  const pair = generateKeyPair();
  const summary = await store.createApiKey({
    email: normalizeEmail(email),
    name,
    key: pair.key,
    secretHash: hashSecret(pair.key, pair.secret),
    ...(browser ? { browser } : {}),
  });
  return { ...pair, summary };
}
