import { createApiKey, rotateApiKey, type KeyPair } from '@byline/shared';
import { type ApiKeys } from '@byline/domain/api-accounts/api-keys-repository';
import { type ApiKeySummary, type BrowserKeySettings } from '@byline/domain/domain/types';

export type NewKey = KeyPair & { summary: ApiKeySummary };

/** What the page after creating or rotating a key shows once: kept sealed on the session in between (see putFlash). */
export interface KeyToShow {
  name: string;
  token: string;
  /** A browser key's first origin: its curl lines send it, as the key answers nothing else. */
  origin?: string;
  /** After a rotation: the key it replaced, and when that one stops working (ISO; its cut-off when "now"). */
  replaced?: { key: string; stopsAt: string };
}

/**
 * How long a rotated key keeps working beside its successor, as its owner chooses: at once, or long enough to
 * put the new secret in place (the default, a day, as webhook signing secrets and Stripe's "roll key" give).
 */
export const ROTATION_OVERLAPS = {
  now: 0,
  '1h': 60 * 60 * 1000,
  '24h': 24 * 60 * 60 * 1000,
  '7d': 7 * 24 * 60 * 60 * 1000,
} as const;
export type RotationOverlapChoice = keyof typeof ROTATION_OVERLAPS;
export const DEFAULT_ROTATION_OVERLAP: RotationOverlapChoice = '24h';

export const keyToShow = (created: NewKey): KeyToShow => ({
  name: created.summary.name,
  token: created.token,
  ...(created.summary.kind === 'browser' ? { origin: created.summary.origins[0] } : {}),
});

/** The user's own key, or undefined: a user can only see, change, rotate or revoke keys of their own account. */
export async function ownKey(keys: ApiKeys, email: string, key: string): Promise<ApiKeySummary | undefined> {
  return (await keys.keysOf(email)).find((summary) => summary.key === key);
}

/** A server key, or with `browser` a browser key (settings checked by checkBrowserKeySettings), created `at`. */
export function createNamedKey(
  keys: ApiKeys,
  email: string,
  name: string,
  browser: BrowserKeySettings | undefined,
  at: Date,
): Promise<NewKey> {
  return createApiKey(keys, email, name, browser, at);
}

/** The settings a browser key was made with, to make its successor the same kind of key. */
const browserSettingsOf = (key: ApiKeySummary): BrowserKeySettings | undefined =>
  key.kind === 'browser' ? { origins: key.origins, rateLimitPerMinute: key.rate_limit_per_minute! } : undefined;

/** A key the owner may rotate: active, and not already rotated away (then its successor is the one to rotate). */
export const isRotatable = (key: ApiKeySummary): boolean => key.revoked_at === null && key.retires_at === null;

/**
 * A new pair under the same name, of the same kind (a browser key keeps its origins and limit), taking the old
 * one's place in one change (see ApiKeys.rotateKey); the new secret is shown once. The old secret keeps
 * working for the chosen overlap from `at` ("now": not at all). undefined when the key is not the user's own
 * rotatable key, or was revoked or rotated meanwhile.
 */
export async function rotateKey(
  keys: ApiKeys,
  email: string,
  key: string,
  { overlap, at }: { overlap: RotationOverlapChoice; at: Date },
): Promise<(NewKey & { oldStopsAt: Date }) | undefined> {
  const current = await ownKey(keys, email, key);
  if (!current || !isRotatable(current)) return undefined;
  const until = new Date(at.getTime() + ROTATION_OVERLAPS[overlap]);
  const rotated = await rotateApiKey(keys, key, current.name, browserSettingsOf(current), { at, until });
  return rotated ? { ...rotated, oldStopsAt: until } : undefined;
}

/** Revokes the user's own key `at`; false when it is not theirs. */
export async function revokeKey(keys: ApiKeys, email: string, key: string, at: Date): Promise<boolean> {
  const current = await ownKey(keys, email, key);
  if (!current) return false;
  return keys.revokeKey(key, at);
}

/** The user's own active browser key, or undefined (a server key takes its account's settings). */
export async function ownBrowserKey(keys: ApiKeys, email: string, key: string): Promise<ApiKeySummary | undefined> {
  const current = await ownKey(keys, email, key);
  return current && current.kind === 'browser' && !current.revoked_at ? current : undefined;
}

/** Replaces an own, active browser key's origins and limit; false when it is not one. */
export async function changeBrowserKey(
  keys: ApiKeys,
  email: string,
  key: string,
  settings: BrowserKeySettings,
): Promise<boolean> {
  if (!(await ownBrowserKey(keys, email, key))) return false;
  return keys.setBrowserKey(key, settings);
}
