import type { VerifiedIdentity } from '../claims/verified-identity';
import type { Profile } from '../domain/types';

/** What a journalist's credential claims: the approved name, the public page's slug, and the live evidence. */
export interface CredentialClaims {
  slug: string;
  name: string;
  identities: VerifiedIdentity[];
}

/** The claims of a profile as its answers were just rendered (JSON), or null when it must claim nothing. */
export function claimsOf(view: { profile: Profile; evidence: readonly VerifiedIdentity[] } | undefined): string | null {
  if (!view?.profile.verified) return null;
  const { profile_first_name: first, profile_last_name: last, profile_slug: slug } = view.profile;
  const claims: CredentialClaims = { slug, name: `${first} ${last}`.trim(), identities: [...view.evidence] };
  return JSON.stringify(claims);
}

/** An identity as a claim, whenever it was verified: a re-check that moves `verifiedAt` withdraws nothing. */
const identityKey = ({ type, uri, username, method, provider }: VerifiedIdentity) =>
  JSON.stringify([type, uri, username ?? null, method, provider.id]);

/**
 * Whether a credential issued from `issued` claims something `next` no longer does: the journalist is no longer
 * verified (or gone), the name or the public address changed (an approved identity change), or a proof behind one
 * of its identities lapsed or moved. Such a credential is revoked. One that claims less than `next` stays true: the
 * next issue adds to it.
 */
export function withdraws(issued: string, next: string | null): boolean {
  if (next === null) return true;
  const before = JSON.parse(issued) as CredentialClaims;
  const after = JSON.parse(next) as CredentialClaims;
  if (before.name !== after.name || before.slug !== after.slug) return true;
  const still = new Set(after.identities.map(identityKey));
  return before.identities.some((identity) => !still.has(identityKey(identity)));
}
