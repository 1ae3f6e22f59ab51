import type { AffiliationState } from '../staff/staff-repository';
import { ATTRIBUTION_ACTOR, type ArticleProof, type AttributionBasis } from './article-proof';

/** How run-attribution.ts worded a credit by name alone in `matched`, and the publisher's slug in `note`. */
const BY_NAME = /^author name “/;
const PUBLISHER_SLUG = / \(([^()\s]+)\): its page credits /;

/** One of a profile's affiliations, with its publisher's slug and name, as the backfill reads them. */
export interface AffiliationOfRecord {
  id: number;
  publisherId: number;
  publisherSlug: string;
  publisherName: string;
  state: AffiliationState;
  acceptedAt: string | null;
  endedAt: string | null;
  endedBy: string | null;
}

/**
 * Data step 038 on both stores: the worker's attributions from before their evidence recorded its basis
 * (AttributionBasis) get it, read from the evidence's own words — `matched` says whether the page credited the
 * journalist by name, `note` names the publisher by slug — and the affiliation with that publisher that was active
 * when the proof was made (`affiliations`: the profile's). Evidence whose publisher or affiliation is not found is
 * left as it was. The new proof, or null when nothing changed; and the affiliations no longer active that a live
 * credit by name rests on: their end is applied now, as it would have been (endVouchedArticlesSteps).
 */
export function withAttributionBasis(
  proof: ArticleProof,
  affiliations: AffiliationOfRecord[],
): { proof: ArticleProof | null; endedVouching: AffiliationOfRecord[] } {
  let changed = false;
  const endedVouching = new Map<number, AffiliationOfRecord>();
  const evidence = proof.evidence.map((each) => {
    if (each.method !== 'authorship-attested' || each.by !== ATTRIBUTION_ACTOR || each.attribution) return each;
    const slug = PUBLISHER_SLUG.exec(each.note ?? '')?.[1];
    const made = each.verifiedAt;
    const affiliation = affiliations.find(
      (candidate) =>
        candidate.publisherSlug === slug &&
        candidate.acceptedAt !== null &&
        candidate.acceptedAt <= made &&
        (candidate.endedAt === null || candidate.endedAt >= made),
    );
    if (!affiliation) return each;
    changed = true;
    const attribution: AttributionBasis = {
      by: BY_NAME.test(each.matched ?? '') ? 'name' : 'link',
      publisherId: affiliation.publisherId,
      affiliationId: affiliation.id,
    };
    if (attribution.by === 'name' && each.endedAt === null && affiliation.state !== 'active') {
      endedVouching.set(affiliation.id, affiliation);
    }
    return { ...each, attribution };
  });
  return { proof: changed ? { ...proof, evidence } : null, endedVouching: [...endedVouching.values()] };
}
