import { isLiveClaim, type Claim } from '@byline/domain/proofs/claims';
import { isNetwork } from '@byline/domain/proofs/claim-values';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type Profiles } from '@byline/domain/profiles/profiles-repository';
import type { AttributionDomains } from '@byline/domain/attribution-domains/attribution-domains-repository';
import { publicProfileUrl } from '../proofs/rel-me-check';
import type { AuthorshipSubject } from './match-authorship';

/** What a subject is read from: the profile, its claims and its attribution domains. */
export interface AuthorshipSources {
  profiles: Pick<Profiles, 'findById'> & Partial<Pick<Profiles, 'formerSlugsOf'>>;
  claims: Pick<ClaimsRepository, 'claimsOf'>;
  attributionDomains: Pick<AttributionDomains, 'domainsOf'>;
}

/**
 * The profile as matchAuthorship needs it: its public page under `portalUrl` (PUBLIC_PORTAL_URL) and the former
 * addresses that redirect there, its name, what
 * it has proven and the domains it allows. Only live proven claims count: an article crediting an account the
 * journalist merely claimed would prove nothing. Null when there is no such profile.
 */
export async function authorshipSubjectOf(
  sources: AuthorshipSources,
  profileId: number,
  portalUrl: string,
): Promise<AuthorshipSubject | null> {
  const profile = await sources.profiles.findById(profileId);
  if (!profile) return null;
  const [claims, allowedDomains, formerSlugs] = await Promise.all([
    sources.claims.claimsOf(profileId),
    sources.attributionDomains.domainsOf(profileId),
    sources.profiles.formerSlugsOf?.(profileId) ?? [],
  ]);
  const proven = claims.filter((claim) => isLiveClaim(claim) && claim.state === 'proven');
  const valuesOf = (kind: Claim['kind']) => proven.filter((claim) => claim.kind === kind).map((claim) => claim.value);
  const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
  return {
    publicPageUrl: publicProfileUrl(portalUrl, profile.profile_slug),
    formerPageUrls: formerSlugs.map((slug) => publicProfileUrl(portalUrl, slug)),
    names: name ? [name] : [],
    provenAccounts: proven.flatMap((claim) => (isNetwork(claim.kind) ? [{ type: claim.kind, handle: claim.value }] : [])),
    provenSites: valuesOf('website'),
    provenFediverse: valuesOf('fediverse'),
    allowedDomains,
  };
}
