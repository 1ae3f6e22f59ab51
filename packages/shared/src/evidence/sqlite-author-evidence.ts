import { NOT_REPLANNED, type SqliteDatabase } from '../database/sqlite-database';
import type { ClaimKind, EvidenceMethod } from '../proofs/claims';
import { affiliationIdentityOf, toVerifiedIdentity, type VerifiedIdentity } from '../claims/verified-identity';
import type { AuthorEvidence } from './author-evidence-repository';

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

// Prepared on the lookups' connection: the article verifier reads them beside its v1 lookup (see SqliteDatabase.lookup).
const statements = ({ lookupConnection: database }: SqliteDatabase) => ({
  author: database.prepare<[string], number>('SELECT profile_id FROM articles WHERE canonical_url = ? AND active = 1').pluck(),
  proofs: database.prepare<[number], ProofRow>(
    `SELECT c.kind, c.value, e.method, e.provider_id, e.provider_name, e.verified_at
     FROM claims c JOIN evidence e ON e.claim_id = c.id
     WHERE c.profile_id = ${NOT_REPLANNED} AND c.state = 'proven' AND c.released_at IS NULL AND e.ended_at IS NULL
     ORDER BY e.verified_at, e.id`,
  ),
  affiliations: database.prepare<[number], AffiliationRow>(
    `SELECT p.slug, p.name, s.accepted_at,
       (SELECT min(d.domain) FROM publisher_domains d WHERE d.publisher_id = p.id AND d.state = 'proven') AS domain
     FROM publisher_staff s JOIN publishers p ON p.id = s.publisher_id
     WHERE s.profile_id = ${NOT_REPLANNED} AND s.state = 'active' AND p.verified_at IS NOT NULL
     ORDER BY s.accepted_at, s.id`,
  ),
});

/** The author's evidence in the embedded store: one read of the article's owner, then its proofs and affiliations. */
export class SqliteAuthorEvidence implements AuthorEvidence {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  ofArticleAuthor(canonicalUrl: string): Promise<VerifiedIdentity[] | null> {
    return this.database.lookup(() => {
      const profileId = this.sql.author.get(canonicalUrl);
      if (profileId === undefined) return null;
      return [
        ...this.sql.proofs.all(profileId).map((row) =>
          toVerifiedIdentity(row, {
            method: row.method,
            provider: { id: row.provider_id, name: row.provider_name },
            verifiedAt: row.verified_at,
          }),
        ),
        ...this.sql.affiliations.all(profileId).map((row) => affiliationIdentityOf(row, row.accepted_at)),
      ];
    });
  }
}
