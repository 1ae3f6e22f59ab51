import type { VerifiedIdentity } from '../claims/verified-identity';

/**
 * What a verified answer shows as its evidence (v2): the author's live proofs — each proven handle, site or
 * fediverse account's live evidence, and each active affiliation with a verified publisher — CAWG-shaped, oldest
 * first. Read by the article verifier beside the rendered answer.
 */
export interface AuthorEvidence {
  /** The evidence of the author of the active article at this canonical address; null when there is no such article. */
  ofArticleAuthor(canonicalUrl: string): Promise<VerifiedIdentity[] | null>;
}
