import { createApiKey, type ApiKeySummary, type KeyPair, type Store } from '@byline/shared';

export type NewKey = KeyPair & { summary: ApiKeySummary };

/** What the page after creating or rotating a key shows once: kept sealed on the session in between (see putFlash). */
export interface KeyToShow {
  name: string;
  token: string;
}

export const keyToShow = (created: NewKey): KeyToShow => ({ name: created.summary.name, token: created.token });

/** The user's own key, or undefined: a user can only rotate or revoke keys of their own account. */
async function ownKey(store: Store, email: string, key: string): Promise<ApiKeySummary | undefined> {
  return (await store.listApiKeys(email)).find((summary) => summary.key === key);
}

export function createNamedKey(store: Store, email: string, name: string): Promise<NewKey> {
  return createApiKey(store, email, name);
}

/** A new pair under the same name, then the old one revoked; the new secret is shown once. */
export async function rotateKey(store: Store, email: string, key: string): Promise<NewKey | undefined> {
  const current = await ownKey(store, email, key);
  if (!current || current.revoked_at) return undefined;
  const next = await createApiKey(store, email, current.name);
  await store.revokeApiKey(key);
  return next;
}

export async function revokeKey(store: Store, email: string, key: string): Promise<boolean> {
  const current = await ownKey(store, email, key);
  if (!current) return false;
  return store.revokeApiKey(key);
}
