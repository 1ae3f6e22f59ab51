import type { SocialType } from '../domain/types';
import { InvalidFediverseAccountError } from '../proofs/claim-values';
import { parseBlueskyAccount } from './bluesky-account';
import { normaliseFediverseAccount } from './fediverse-account';

/**
 * Accounts a lookup finds by their proven claim rather than by `profile_social_profiles`: a Bluesky account (by DID,
 * or by the handle its claim shows today) and a fediverse account proven by rel="me". Neither is a v1 network, so
 * the answers for twitter and the others never change for them.
 */
export const ACCOUNT_LOOKUP_TYPES = ['bluesky', 'fediverse'] as const;
export type AccountLookupType = (typeof ACCOUNT_LOOKUP_TYPES)[number];

/** What verify_journalist looks up: a v1 network's handle, or an account of ACCOUNT_LOOKUP_TYPES. */
export type LookupType = SocialType | AccountLookupType;

export const isAccountLookupType = (type: string): type is AccountLookupType =>
  (ACCOUNT_LOOKUP_TYPES as readonly string[]).includes(type);

/**
 * The key a lookup of an account asks the store for: a Bluesky DID as written, or a Bluesky handle lower-cased
 * without its `@` (the store tells the two apart by the `did:` prefix, and answers a handle only while the proven
 * claim shows it: a handle given to another account stops answering for the old owner at its claim's next check);
 * a fediverse account as its claim's key, `@user@host` lower-cased. Throws InvalidHandleError for a value that names
 * no such account, which the API answers with a 422 naming the field.
 */
export function accountLookupKey(type: AccountLookupType, raw: string): string {
  if (type === 'bluesky') {
    const named = parseBlueskyAccount(raw);
    return named.did ?? named.handle;
  }
  const account = normaliseFediverseAccount(raw);
  if (!account) throw new InvalidFediverseAccountError(raw);
  return account.toLowerCase();
}
