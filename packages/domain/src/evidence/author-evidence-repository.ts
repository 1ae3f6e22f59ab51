import type { VerifiedIdentity } from '../claims/verified-identity';

/**
 * What a verified answer shows as its evidence (v2): the author's live proofs — each proven handle, site or
 * fediverse account's live evidence, and each active affiliation with a verified publisher — CAWG-shaped, oldest
 * first. Read live, as the records say now: what the v2 answer rendered at write time must always equal (the
 * contracts check it after each kind of change). It is read over the generic documents (evidence-documents.ts), as
 * MongoDB renders it; SQLite renders it with its own joins (readEvidenceOf).
 */
export interface AuthorEvidence {
  /** The evidence of the author of the active article at this canonical address; null when there is no such article. */
  ofArticleAuthor(canonicalUrl: string): Promise<VerifiedIdentity[] | null>;
}
