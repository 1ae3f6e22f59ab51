import { checkRelMe, publicProfileUrl, relMeEvidence } from '@byline/editorial/proofs/rel-me-check';
import { claimedPageOf, isProvenByPage } from '@byline/domain/proofs/claim-values';
import { isLiveClaim, type Claim } from '@byline/domain/proofs/claims';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { type SafeFetch } from '@byline/fetcher';

export interface WebsiteProofDeps {
  claims: ClaimsRepository;
  proofFetch: SafeFetch;
  portalUrl: string;
  recheckPolicy: RecheckPolicy;
  now: () => Date;
}

export type WebsiteCheckResult =
  | { ok: true; claim: Claim }
  | { ok: false; reason: 'no-such-claim' }
  | { ok: false; reason: 'not-linked'; claim: Claim; why: string };

/**
 * "Check now" for a claimed website or fediverse account: its page (the site, or the account's profile page
 * `https://host/@user`) must link back to the profile's public address with rel="me" (checkRelMe, through the
 * SSRF-safe fetch). Proven, it is checked again every `recheckPolicy.intervalMs`: the evidence keeps the page
 * checked as its proven value, which is what the re-check fetches.
 */
export async function checkWebsiteProof(
  { claims, proofFetch, portalUrl, recheckPolicy, now }: WebsiteProofDeps,
  profile: { id: number; slug: string },
  claimId: number,
): Promise<WebsiteCheckResult> {
  const claim = (await claims.claimsOf(profile.id)).find(
    (candidate) => candidate.id === claimId && isProvenByPage(candidate.kind) && isLiveClaim(candidate),
  );
  if (!claim) return { ok: false, reason: 'no-such-claim' };
  const kind = claim.kind as 'website' | 'fediverse';
  // One live rel="me" proof per claim: the worker keeps re-checking it; a second would lapse apart from it.
  if (claim.evidence.some((evidence) => evidence.method === 'rel-me' && evidence.endedAt === null)) return { ok: true, claim };
  const page = claimedPageOf(kind, claim.value);
  if (!page) return { ok: false, reason: 'not-linked', claim, why: 'the account has no profile page Byline can read' };
  const outcome = await checkRelMe(proofFetch, page, publicProfileUrl(portalUrl, profile.slug));
  if (!outcome.ok) return { ok: false, reason: 'not-linked', claim, why: outcome.reason };
  const proof = await recordProof(claims, {
    profileId: profile.id,
    kind,
    value: claim.value,
    evidence: relMeEvidence(page, new Date(now().getTime() + recheckPolicy.intervalMs)),
  });
  // Websites and fediverse accounts have no holder: a rel="me" proof is never refused once the profile exists.
  if (!proof.ok) return { ok: false, reason: 'no-such-claim' };
  return { ok: true, claim: proof.claim };
}
