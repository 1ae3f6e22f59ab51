import type { Claim, Evidence, EvidenceMethod } from '../proofs/claims';
import { claimedPageOf } from '../proofs/claim-values';
import { blueskyProfilePage } from '../social/bluesky-account';

/**
 * One entry of a C2PA/CAWG identity assertion's `verifiedIdentities` (identity claims aggregation), as
 * stored evidence renders it: a later signed credential of a journalist's proofs is this list, signed.
 */
export interface VerifiedIdentity {
  type: 'cawg.social_media' | 'cawg.web_site' | 'cawg.affiliation';
  username?: string;
  uri: string;
  provider: { id: string; name: string };
  verifiedAt: string;
  /** CAWG's method where it has one (`federated_login`, `uri_meta_tag_verification`); ours otherwise. */
  method: string;
}

const METHODS: Record<EvidenceMethod, string> = {
  'network-sign-in': 'federated_login',
  'rel-me': 'uri_meta_tag_verification',
  'domain-handle': 'byline_domain_handle',
  'editor-attestation': 'byline_editor_attestation',
  'operator-import': 'byline_operator_import',
};

/** The public address of a handle on its network. */
export function profileAddressOf(kind: Claim['kind'], username: string): string {
  const name = encodeURIComponent(username.replace(/^@/, ''));
  switch (kind) {
    case 'twitter':
      return `https://x.com/${name}`;
    case 'linkedin':
      return `https://www.linkedin.com/in/${name}`;
    case 'facebook':
      return /^\d+$/.test(username) ? `https://www.facebook.com/profile.php?id=${name}` : `https://www.facebook.com/${name}`;
    case 'instagram':
      return `https://www.instagram.com/${name}`;
    case 'website':
      return username;
    case 'fediverse':
      return claimedPageOf('fediverse', username) ?? username;
    case 'bluesky':
      return blueskyProfilePage(username);
  }
}

export function toVerifiedIdentity(
  claim: Pick<Claim, 'kind' | 'value'>,
  evidence: Pick<Evidence, 'method' | 'provider' | 'verifiedAt'>,
): VerifiedIdentity {
  const website = claim.kind === 'website';
  return {
    type: website ? 'cawg.web_site' : 'cawg.social_media',
    // A fediverse account is a social media account (CAWG): its username is `user@host`, its uri the profile page.
    ...(website ? {} : { username: claim.value.replace(/^@/, '') }),
    uri: profileAddressOf(claim.kind, claim.value),
    provider: { id: evidence.provider.id, name: evidence.provider.name },
    verifiedAt: evidence.verifiedAt,
    method: METHODS[evidence.method],
  };
}

/** The provider of affiliation evidence: the publisher that vouched, named by a stable URN of its slug. */
export const publisherProviderOf = (publisher: { slug: string; name: string }) => ({
  id: `urn:byline:publisher:${publisher.slug}`,
  name: publisher.name,
});

/**
 * A verified publisher's affiliation with the journalist (CAWG `cawg.affiliation`): the outlet vouched, the journalist
 * accepted; `uri` is the outlet's site (its first proven domain, by name), `verifiedAt` when the journalist accepted.
 */
export function affiliationIdentityOf(
  publisher: { slug: string; name: string; domain: string | null },
  acceptedAt: string,
): VerifiedIdentity {
  return {
    type: 'cawg.affiliation',
    // A publisher verified before it proved a domain is known by its URN alone.
    uri: publisher.domain ? `https://${publisher.domain}/` : publisherProviderOf(publisher).id,
    provider: publisherProviderOf(publisher),
    verifiedAt: acceptedAt,
    method: 'byline_publisher_affiliation',
  };
}
