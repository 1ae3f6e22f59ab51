import { InvalidHandleError } from './social-handle';

/**
 * A Bluesky (atproto) account as a person names it: a handle (`name.bsky.social`, a domain handle such as
 * `jane.example.org`, with or without one leading `@`) or the account's DID. The DID is the account: a handle is
 * only its current name, which its owner may change and another account may take afterwards.
 */
export type BlueskyAccountName = { did: string; handle?: undefined } | { handle: string; did?: undefined };

/**
 * The DID methods atproto accepts (did:plc, did:web), in their syntax (atproto.com/specs/did): did:plc is 24
 * base32 characters; did:web a host name (no port or path: atproto allows neither).
 */
const PLC_DID = /^did:plc:[a-z2-7]{24}$/;
const WEB_DID = /^did:web:([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** A handle as atproto allows it (atproto.com/specs/handle): a host name of two labels or more, at most 253, TLD not numeric. */
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const isBlueskyDid = (value: string): boolean => PLC_DID.test(value) || WEB_DID.test(value);

/** A handle in its normal form: lower case (handles are case-insensitive), without the `@`. */
export function isBlueskyHandle(value: string): boolean {
  return value.length <= 253 && HANDLE.test(value);
}

/** The value cannot name a Bluesky account: neither a handle nor a did:plc / did:web DID. */
export class InvalidBlueskyAccountError extends InvalidHandleError {
  constructor(value: string) {
    super(`${JSON.stringify(value)} is not a Bluesky handle (such as name.bsky.social) or DID (did:plc:…)`);
  }
}

/**
 * What a value names: a DID (did:plc or did:web, as written; the method-specific part of did:plc is lower case by
 * definition) or a handle, lower-cased, one leading `@` dropped. Throws InvalidBlueskyAccountError otherwise.
 */
export function parseBlueskyAccount(raw: string): BlueskyAccountName {
  const trimmed = raw.trim();
  if (trimmed.startsWith('did:')) {
    if (isBlueskyDid(trimmed)) return { did: trimmed };
    throw new InvalidBlueskyAccountError(raw);
  }
  const handle = trimmed.replace(/^@/, '').toLowerCase();
  if (isBlueskyHandle(handle)) return { handle };
  throw new InvalidBlueskyAccountError(raw);
}

/** The account's page on bsky.app, by DID (a handle may move; the DID's page always shows the account). */
export const blueskyProfilePage = (didOrHandle: string): string => `https://bsky.app/profile/${didOrHandle}`;

/** Who answers for a Bluesky account (CAWG `provider`): Bluesky itself. */
export const BLUESKY_PROVIDER = { id: 'https://bsky.app', name: 'Bluesky' };
