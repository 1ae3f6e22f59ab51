import { createApiKey, type ApiKeySummary, type BrowserKeySettings, type KeyPair, type Store } from '@byline/shared';

export type NewKey = KeyPair & { summary: ApiKeySummary };

/** What the page after creating or rotating a key shows once: kept sealed on the session in between (see putFlash). */
export interface KeyToShow {
  name: string;
  token: string;
  /** A browser key's first origin: its curl lines send it, as the key answers nothing else. */
  origin?: string;
}

export const keyToShow = (created: NewKey): KeyToShow => ({
  name: created.summary.name,
  token: created.token,
  ...(created.summary.kind === 'browser' ? { origin: created.summary.origins[0] } : {}),
});

/** The user's own key, or undefined: a user can only see, change, rotate or revoke keys of their own account. */
export async function ownKey(store: Store, email: string, key: string): Promise<ApiKeySummary | undefined> {
  return (await store.listApiKeys(email)).find((summary) => summary.key === key);
}

/** A server key, or with `browser` a browser key (settings checked by checkBrowserKeySettings). */
export function createNamedKey(store: Store, email: string, name: string, browser?: BrowserKeySettings): Promise<NewKey> {
  return createApiKey(store, email, name, browser);
}

/** The settings a browser key was made with, to make its successor the same kind of key. */
const browserSettingsOf = (key: ApiKeySummary): BrowserKeySettings | undefined =>
  key.kind === 'browser' ? { origins: key.origins, rateLimitPerMinute: key.rate_limit_per_minute! } : undefined;

/**
 * A new pair under the same name, of the same kind (a browser key keeps its origins and limit), then the old one
 * revoked; the new secret is shown once.
 */
export async function rotateKey(store: Store, email: string, key: string): Promise<NewKey | undefined> {
  const current = await ownKey(store, email, key);
  if (!current || current.revoked_at) return undefined;
  const next = await createApiKey(store, email, current.name, browserSettingsOf(current));
  await store.revokeApiKey(key);
  return next;
}

export async function revokeKey(store: Store, email: string, key: string): Promise<boolean> {
  const current = await ownKey(store, email, key);
  if (!current) return false;
  return store.revokeApiKey(key);
}

/** The user's own active browser key, or undefined (a server key takes its account's settings). */
export async function ownBrowserKey(store: Store, email: string, key: string): Promise<ApiKeySummary | undefined> {
  const current = await ownKey(store, email, key);
  return current && current.kind === 'browser' && !current.revoked_at ? current : undefined;
}

/** Replaces an own, active browser key's origins and limit; false when it is not one. */
export async function changeBrowserKey(store: Store, email: string, key: string, settings: BrowserKeySettings): Promise<boolean> {
  if (!(await ownBrowserKey(store, email, key))) return false;
  return store.setBrowserKey(key, settings);
}
