import type { Db } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import { affiliationIdentityOf, toVerifiedIdentity, type VerifiedIdentity } from '@byline/domain/claims/verified-identity';
import type { AuthorEvidence } from '@byline/domain/evidence/author-evidence-repository';

/**
 * A profile's live evidence in MongoDB: its proven, unreleased claims' live evidence, oldest first, then its active
 * affiliations with verified publishers.
 */
export async function readEvidenceOf(db: Db, profileId: number): Promise<VerifiedIdentity[]> {
  return (await readEvidenceOfProfiles(db, [profileId])).get(profileId) ?? [];
}

/** readEvidenceOf for many profiles at once: three reads for their proofs, whatever their number. */
export async function readEvidenceOfProfiles(db: Db, profileIds: number[]): Promise<Map<number, VerifiedIdentity[]>> {
  const claims = await collectionOf(db, 'claims')
    .find({ profile_id: { $in: profileIds }, state: 'proven', released_at: null })
    .toArray();
  const byId = new Map(claims.map((claim) => [claim._id, claim]));
  const evidence = byId.size
    ? await collectionOf(db, 'evidence')
        .find({ claim_id: { $in: [...byId.keys()] }, ended_at: null })
        .toArray()
    : [];
  evidence.sort((a, b) => a.verified_at.localeCompare(b.verified_at) || a._id - b._id);
  const found = new Map<number, VerifiedIdentity[]>(profileIds.map((id) => [id, []]));
  for (const proof of evidence) {
    const claim = byId.get(proof.claim_id)!;
    found.get(claim.profile_id)?.push(
      toVerifiedIdentity(claim, {
        method: proof.method,
        provider: { id: proof.provider_id, name: proof.provider_name },
        verifiedAt: proof.verified_at,
      }),
    );
  }
  const affiliated = await collectionOf(db, 'publisherStaff')
    .find({ profile_id: { $in: profileIds }, state: 'active' }, { projection: { profile_id: 1 } })
    .toArray();
  for (const id of new Set(affiliated.map((affiliation) => affiliation.profile_id!))) {
    found.get(id)?.push(...(await affiliationsOf(db, id)));
  }
  return found;
}

async function affiliationsOf(db: Db, profileId: number): Promise<VerifiedIdentity[]> {
  const active = await collectionOf(db, 'publisherStaff')
    .find({ profile_id: profileId, state: 'active' })
    .sort({ accepted_at: 1, _id: 1 })
    .toArray();
  const identities: VerifiedIdentity[] = [];
  for (const affiliation of active) {
    const publisher = await collectionOf(db, 'publishers').findOne({
      _id: affiliation.publisher_id,
      verified_at: { $ne: null },
    });
    if (!publisher) continue;
    const domains = await collectionOf(db, 'publisherDomains')
      .find({ publisher_id: publisher._id, state: 'proven' }, { projection: { domain: 1 } })
      .toArray();
    const domain = domains.map((d) => d.domain).sort()[0] ?? null;
    identities.push(affiliationIdentityOf({ slug: publisher.slug, name: publisher.name, domain }, affiliation.accepted_at!));
  }
  return identities;
}

/** The author's evidence in MongoDB, read live: the article's owner, then its evidence. */
export class MongoAuthorEvidence implements AuthorEvidence {
  constructor(private readonly database: MongoDatabase) {}

  ofArticleAuthor(canonicalUrl: string): Promise<VerifiedIdentity[] | null> {
    return this.database.run(async () => {
      const db = this.database.db;
      // The first author in credit order, as the embedded store's.
      const [article] = await collectionOf(db, 'articles')
        .find({ canonical_url: canonicalUrl, active: true }, { projection: { profile_id: 1 } })
        .sort({ credit_order: 1, _id: 1 })
        .limit(1)
        .toArray();
      return article ? readEvidenceOf(db, article.profile_id) : null;
    });
  }
}
