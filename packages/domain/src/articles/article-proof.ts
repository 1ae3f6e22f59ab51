import type { Article } from '../domain/types';
import { EDITOR_PROVIDER, OPERATOR_PROVIDER, type Evidence, type EvidenceProvider } from '../proofs/claims';

/**
 * An article on a profile is a claim, like a handle: `claimed` until evidence proves it, `proven` while it has live
 * evidence (only then does it answer in verify_article and count in `article_count` and `articles`), `lapsed` when
 * its page stopped crediting the profile for longer than the grace period, `released` when an editor moved it to
 * another profile (its owner reads why; imports before co-authors released claims too). Several profiles may have
 * one address proven, each by its own evidence: its co-authors (see creditOrderOf).
 */
export type ArticleState = 'claimed' | 'proven' | 'lapsed' | 'released';

/**
 * How an article was proven (PRODUCT.md, "Articles"): its page's author markup links the profile's public page or a
 * proven account, site or fediverse account (`authorship-attested`, re-checked like rel="me"); an editor vouched,
 * with a note (`editor-attestation`); the operator loaded it with `byline import` (`operator-import`).
 */
export type ArticleEvidenceMethod = 'authorship-attested' | 'editor-attestation' | 'operator-import';

/**
 * One proof of an article: a handle's evidence (see proofs/claims.ts, Evidence: who vouched, when, its re-checks and
 * its end) without the claim's ids, proven value and account id — the address it proves is the article's own — and
 * with what on the page matched (authorship-attested: e.g. `JSON-LD author https://…`; null otherwise).
 */
export type ArticleEvidence = Omit<Evidence, 'id' | 'claimId' | 'method' | 'provenValue' | 'subject'> & {
  method: ArticleEvidenceMethod;
  matched: string | null;
  /**
   * Where the page credits the profile among its authors (authorship-attested only): the place of the link that
   * matched among the page's author links, 0 first, as the last check found it. Absent on proofs made before places
   * were kept (their next re-check records it).
   */
  position?: number;
  /** Set on the worker's attributions only (see AttributionBasis). */
  attribution?: AttributionBasis;
  /**
   * Who allowed the page's domain to credit the journalist (the page check's authorship-attested proofs): see
   * AttributionAllowance; one or both, as the last check found them. Absent on proofs made before it was kept.
   */
  allowedBy?: AttributionAllowance[];
};

/**
 * Who may allow a site's pages to credit a journalist: `byline`, the attribution domains the journalist lists in
 * Byline; `fediverse-actor`, the `attributionDomains` their proven fediverse account publishes in its ActivityPub
 * actor (as Mastodon reads them), which counts for a page whose fediverse:creator names that account.
 */
export type AttributionAllowance = 'byline' | 'fediverse-actor';

/**
 * What an attribution by the worker (an `authorship-attested` proof of an article on a verified publisher's domain)
 * rests on: how the page credited the journalist, and the affiliation of the publisher whose page it is. By `link`
 * (their public page or a proven account) the link is evidence of its own; by `name` alone it counts only on the
 * publisher's vouching, and ends when that affiliation ends (see end-vouched-articles.ts).
 */
export interface AttributionBasis {
  by: 'link' | 'name';
  publisherId: number;
  affiliationId: number;
}

/** Who the history and the evidence name for the worker's attributions (the evidence's `by`). */
export const ATTRIBUTION_ACTOR = 'byline:attribution';

/** An article's state and evidence, stored beside it. */
export interface ArticleProof {
  state: ArticleState;
  /** Why it does not count (or no longer does), in words its owner and editors read; null while proven. */
  reason: string | null;
  /** A byline the page gives that only names the journalist: shown to editors, never proof. */
  mention: string | null;
  /** Every proof, live and ended, oldest first. */
  evidence: ArticleEvidence[];
}

/** An article with its proof, as its owner and editors see it. */
export interface ArticleClaim {
  article: Article;
  proof: ArticleProof;
}

/** A new proof as a method reports it; the rule stamps the times. */
export type NewArticleEvidence = Pick<ArticleEvidence, 'method' | 'provider' | 'by'> &
  Partial<Pick<ArticleEvidence, 'matched' | 'position' | 'note' | 'nextCheckAt' | 'attribution' | 'allowedBy'>>;

/** The provider of an authorship check: Byline reading the page's author markup. */
export const AUTHORSHIP_PROVIDER: EvidenceProvider = { id: 'urn:byline:authorship-check', name: 'Byline page check' };

/** Why an article of a profile an editor approved counts (the note of its editor-attestation). */
export const LISTED_WHEN_APPROVED = 'Listed when the profile was approved.';

/** Why an article just added does not count yet. */
export const NOT_CHECKED_YET = 'Its page has not been checked yet.';

export const isLiveArticleEvidence = (evidence: ArticleEvidence): boolean => evidence.endedAt === null;

/** The credit order of a profile whose proof places it nowhere on the page (an editor's, an import's): after the rest. */
export const UNPLACED_CREDIT = 1000;

/**
 * Where a proven article's author comes among an address's co-authors (lower first): the place the page gives it
 * (its live authorship-attested evidence's `position`), or UNPLACED_CREDIT. Ties go to the article listed first (the
 * lower article id), so a newcomer the page places first does not come before an author proven there before places
 * were kept (the migration puts those at 0). v1 answers the first verified author in this order; v2 lists them all
 * in it. Stored beside the article, where the lookups sort by it.
 */
export function creditOrderOf(proof: ArticleProof): number {
  let order = UNPLACED_CREDIT;
  for (const evidence of proof.evidence) {
    if (isLiveArticleEvidence(evidence) && evidence.position !== undefined) order = Math.min(order, evidence.position);
  }
  return order;
}

/** A stored proof made from a new one, stamped `now`. */
export function evidenceOf(evidence: NewArticleEvidence, now: string): ArticleEvidence {
  return {
    matched: null,
    note: null,
    nextCheckAt: null,
    ...evidence,
    verifiedAt: now,
    lastCheckedAt: now,
    failingSince: null,
    lastFailure: null,
    endedAt: null,
    endedReason: null,
  };
}

/** A claim no proof holds yet. */
export const claimedProof = (reason: string = NOT_CHECKED_YET): ArticleProof => ({
  state: 'claimed',
  reason,
  mention: null,
  evidence: [],
});

/** The proof of the articles `byline import` loads: one value for the whole import, written with each article. */
export function operatorImportProof(now: string): ArticleProof {
  return {
    state: 'proven',
    reason: null,
    mention: null,
    evidence: [evidenceOf({ method: 'operator-import', provider: OPERATOR_PROVIDER, by: 'operator:byline import' }, now)],
  };
}

/** The proof an editor's approval of a profile gives the articles it listed then. */
export function listedWhenApprovedEvidence(editor: string): NewArticleEvidence {
  return {
    method: 'editor-attestation',
    provider: EDITOR_PROVIDER,
    by: `editor:${editor}`,
    note: LISTED_WHEN_APPROVED,
  };
}
