import type Database from 'better-sqlite3';
import { NOT_REPLANNED } from '../store/sqlite-database';
import type { ClaimKind, EvidenceMethod } from '@byline/domain/proofs/claims';
import { affiliationIdentityOf, toVerifiedIdentity, type VerifiedIdentity } from '@byline/domain/claims/verified-identity';
import { preparedPerConnection } from '../store/prepared-per-connection';

interface ProofRow {
  kind: ClaimKind;
  value: string;
  method: EvidenceMethod;
  provider_id: string;
  provider_name: string;
  verified_at: string;
}

interface AffiliationRow {
  slug: string;
  name: string;
  domain: string | null;
  accepted_at: string;
}

const statements = preparedPerConnection((db: Database.Database) => ({
  proofs: db.prepare<[number], ProofRow>(
    `SELECT c.kind, c.value, e.method, e.provider_id, e.provider_name, e.verified_at
     FROM claims c JOIN evidence e ON e.claim_id = c.id
     WHERE c.profile_id = ${NOT_REPLANNED} AND c.state = 'proven' AND c.released_at IS NULL AND e.ended_at IS NULL
     ORDER BY e.verified_at, e.id`,
  ),
  affiliations: db.prepare<[number], AffiliationRow>(
    `SELECT p.slug, p.name, s.accepted_at,
       (SELECT min(d.domain) FROM publisher_domains d WHERE d.publisher_id = p.id AND d.state = 'proven') AS domain
     FROM publisher_staff s JOIN publishers p ON p.id = s.publisher_id
     WHERE s.profile_id = ${NOT_REPLANNED} AND s.state = 'active' AND p.verified_at IS NOT NULL
     ORDER BY s.accepted_at, s.id`,
  ),
}));

/**
 * A profile's live evidence, read on this connection (inside the caller's transaction, or the lookups' turn snapshot):
 * each proven, unreleased claim's live evidence, oldest first, then each active affiliation with a verified publisher
 * (evidenceOfProfiles' rule, by joins the planner keeps: the answers render with it, and a verifier's lookup where a
 * writer from before v2 left none rendered). DocumentAuthorEvidence reads the same over the documents.
 */
export function readEvidenceOf(db: Database.Database, profileId: number): VerifiedIdentity[] {
  const sql = statements(db);
  return [
    ...sql.proofs.all(profileId).map((row) =>
      toVerifiedIdentity(row, {
        method: row.method,
        provider: { id: row.provider_id, name: row.provider_name },
        verifiedAt: row.verified_at,
      }),
    ),
    ...sql.affiliations.all(profileId).map((row) => affiliationIdentityOf(row, row.accepted_at)),
  ];
}
