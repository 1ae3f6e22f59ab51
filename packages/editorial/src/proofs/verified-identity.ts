import { claimedPageOf, type Claim, type Evidence, type EvidenceMethod } from '@byline/shared/storage';

/**
 * One entry of a C2PA/CAWG identity assertion's `verifiedIdentities` (identity claims aggregation), as
 * stored evidence renders it: a later signed credential of a journalist's proofs is this list, signed.
 */
export interface VerifiedIdentity {
  type: 'cawg.social_media' | 'cawg.web_site';
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
  }
}

export function toVerifiedIdentity(claim: Claim, evidence: Evidence): VerifiedIdentity {
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
