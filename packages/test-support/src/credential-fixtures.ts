import type { VerifiedIdentity } from '@byline/domain/claims/verified-identity';

/** The issuer the credential tests sign as: did:web of byline.example. */
export const TEST_ISSUER = { id: 'did:web:byline.example', name: 'Byline' };

/** A status list's address on that issuer. */
export const TEST_STATUS_LIST_URL = 'https://byline.example/credentials/status/1';

/** Ana Lima as her credential's subject. */
export const ANA_LIMA = { name: 'Ana Lima', url: 'https://byline.example/j/ana-lima' };

/** Ana Lima's live evidence, one of each kind a credential carries: an account, a website, an affiliation. */
export const ANA_LIMA_IDENTITIES: VerifiedIdentity[] = [
  {
    type: 'cawg.social_media',
    username: 'analima',
    uri: 'https://x.com/analima',
    method: 'federated_login',
    verifiedAt: '2026-11-01T10:00:00.000Z',
    provider: { id: 'https://x.com', name: 'X' },
  },
  {
    type: 'cawg.web_site',
    uri: 'https://analima.example/',
    method: 'uri_meta_tag_verification',
    verifiedAt: '2026-11-02T10:00:00.000Z',
    provider: { id: 'https://analima.example', name: 'analima.example' },
  },
  {
    type: 'cawg.affiliation',
    uri: 'https://harbour-times.example/',
    method: 'byline_publisher_affiliation',
    verifiedAt: '2026-11-03T10:00:00.000Z',
    provider: { id: 'urn:byline:publisher:harbour-times', name: 'Harbour Times' },
  },
];
