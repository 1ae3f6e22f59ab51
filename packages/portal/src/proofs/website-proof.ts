import {
  checkRelMe,
  isLiveClaim,
  publicProfileUrl,
  relMeEvidence,
  type Claim,
  recordProof,
  type ClaimsRepository,
  type RecheckPolicy,
  type SafeFetch,
} from '@byline/editorial';

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
 * "Check now" for a claimed website: the page must link back to the profile's public address with rel="me"
 * (checkRelMe, through the SSRF-safe fetch). Proven, it is checked again every `recheckPolicy.intervalMs`.
 */
export async function checkWebsiteProof(
  { claims, proofFetch, portalUrl, recheckPolicy, now }: WebsiteProofDeps,
  profile: { id: number; slug: string },
  claimId: number,
): Promise<WebsiteCheckResult> {
  const claim = (await claims.claimsOf(profile.id)).find(
    (candidate) => candidate.id === claimId && candidate.kind === 'website' && isLiveClaim(candidate),
  );
  if (!claim) return { ok: false, reason: 'no-such-claim' };
  // One live rel="me" proof per site: the worker keeps re-checking it; a second would lapse apart from it.
  if (claim.evidence.some((evidence) => evidence.method === 'rel-me' && evidence.endedAt === null)) return { ok: true, claim };
  const outcome = await checkRelMe(proofFetch, claim.value, publicProfileUrl(portalUrl, profile.slug));
  if (!outcome.ok) return { ok: false, reason: 'not-linked', claim, why: outcome.reason };
  const proof = await recordProof(claims, {
    profileId: profile.id,
    kind: 'website',
    value: claim.value,
    evidence: relMeEvidence(claim.value, new Date(now().getTime() + recheckPolicy.intervalMs)),
  });
  // Websites have no holder: a rel="me" proof is never refused once the profile exists.
  if (!proof.ok) return { ok: false, reason: 'no-such-claim' };
  return { ok: true, claim: proof.claim };
}
