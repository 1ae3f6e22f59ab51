import type { DocumentSteps } from '../documents/documents';
import type { ArticleDocument } from '../articles/article-documents';
import type { ClaimDocument, EvidenceDocument } from '../claims/claim-documents';
import { affiliationIdentityOf, toVerifiedIdentity, type VerifiedIdentity } from '../claims/verified-identity';
import type { Publisher, PublisherDomain } from '../publishers/publishers-repository';
import type { AffiliationDocument, NewAffiliationDocument } from '../staff/staff-documents';
import { runInTurn, step, type Steps } from '../store/steps';
import type { AuthorEvidence } from './author-evidence-repository';

/**
 * What a profile's live evidence is read from over the generic document port: its claims and their proofs, its
 * affiliations, their publishers and the publishers' domains. Steps of a unit, or a database's Documents themselves
 * (each call a promise: then each read is its own).
 */
export interface EvidenceDocuments {
  claims: DocumentSteps<ClaimDocument, Omit<ClaimDocument, 'id'>>;
  evidence: DocumentSteps<EvidenceDocument, Omit<EvidenceDocument, 'id'>>;
  staff: DocumentSteps<AffiliationDocument, NewAffiliationDocument>;
  publishers: DocumentSteps<Publisher, Omit<Publisher, 'id'>>;
  domains: DocumentSteps<PublisherDomain>;
}

/**
 * Each profile's live evidence: its proven, unreleased claims' live proofs, oldest first (by verified_at, then id),
 * then its active affiliations with verified publishers, in the order it accepted them, each publisher's site its
 * first proven domain by name. Three reads whatever the number of profiles (claims, proofs, affiliations), then two
 * an affiliation (its publisher, its site).
 */
export function* evidenceOfProfiles(
  { claims, evidence, staff, publishers, domains }: EvidenceDocuments,
  profileIds: readonly number[],
): Steps<Map<number, VerifiedIdentity[]>> {
  const found = new Map<number, VerifiedIdentity[]>(profileIds.map((id) => [id, []]));
  const proven = yield* step(claims.all({ profileId: { in: profileIds }, state: 'proven', releasedAt: null }));
  const byId = new Map(proven.map((claim) => [claim.id, claim]));
  const live = byId.size
    ? yield* step(evidence.all({ claimId: { in: [...byId.keys()] }, endedAt: null }, { by: ['verifiedAt'] }))
    : [];
  for (const proof of live) {
    const claim = byId.get(proof.claimId)!;
    found.get(claim.profileId)?.push(
      toVerifiedIdentity(claim, {
        method: proof.method,
        provider: { id: proof.providerId, name: proof.providerName },
        verifiedAt: proof.verifiedAt,
      }),
    );
  }
  const active = yield* step(staff.all({ profileId: { in: profileIds }, state: 'active' }, { by: ['acceptedAt'] }));
  for (const affiliation of active) {
    const publisher = yield* step(publishers.first({ id: affiliation.publisherId, verifiedAt: { ne: null } }));
    if (!publisher) continue;
    // Domains in key order: the first proven one is the least by name.
    const site = yield* step(domains.first({ publisherId: publisher.id, state: 'proven' }));
    found
      .get(affiliation.profileId!)
      ?.push(
        affiliationIdentityOf(
          { slug: publisher.slug, name: publisher.name, domain: site?.domain ?? null },
          affiliation.acceptedAt!,
        ),
      );
  }
  return found;
}

/** The evidence's documents with the articles, whose first author's evidence AuthorEvidence reads. */
export interface AuthorEvidenceDocuments extends EvidenceDocuments {
  articles: DocumentSteps<ArticleDocument, Omit<ArticleDocument, 'id'>>;
}

/**
 * The author's evidence, read live over the documents (a database's Documents: each read its own): the article's
 * first author in credit order, then that profile's evidence. What the stores render at write time must always equal
 * it (the contracts check it); SQLite renders with its own joins (readEvidenceOf), so there this is a second reading.
 */
export class DocumentAuthorEvidence implements AuthorEvidence {
  constructor(private readonly documents: AuthorEvidenceDocuments) {}

  ofArticleAuthor(canonicalUrl: string): Promise<VerifiedIdentity[] | null> {
    return runInTurn(authorEvidence(this.documents, canonicalUrl));
  }
}

function* authorEvidence(documents: AuthorEvidenceDocuments, canonicalUrl: string): Steps<VerifiedIdentity[] | null> {
  const [article] = yield* step(documents.articles.all({ canonicalUrl, active: true }, { by: ['creditOrder'], limit: 1 }));
  if (!article) return null;
  return (yield* evidenceOfProfiles(documents, [article.profileId])).get(article.profileId)!;
}
