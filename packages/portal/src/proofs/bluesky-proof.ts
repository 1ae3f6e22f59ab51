import { checkBlueskyProfile, type BlueskySources } from '@byline/editorial/bluesky/bluesky-identity';
import { blueskyDomainHandleEvidence, blueskyProfileEvidence } from '@byline/editorial/bluesky/bluesky-evidence';
import { provenWebsiteOfHandle } from '@byline/domain/claims/domain-handle';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { isLiveClaim } from '@byline/domain/proofs/claims';
import { blueskyClaim } from '@byline/domain/proofs/claim-values';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type ClaimsRepository } from '@byline/domain/claims/claims-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { WebsiteCheckResult } from './website-proof';

export interface BlueskyProofDeps {
  claims: ClaimsRepository;
  bluesky: BlueskySources;
  portalUrl: string;
  recheckPolicy: RecheckPolicy;
  now: () => Date;
}

/**
 * "Check now" for a claimed Bluesky account: the account (by its DID, the claim's key) must link the profile's
 * public address from its profile record (app.bsky.actor.profile, read from its PDS: its website or an address in
 * its description), rel="me" as atproto has it. Proven, the claim shows the account's handle as its DID document
 * confirms it today, and it is checked again every `recheckPolicy.intervalMs`. Without that link, a domain handle
 * that is the host of a website proven on the same profile proves it too (provenWebsiteOfHandle).
 */
export async function checkBlueskyProof(
  { claims, bluesky, portalUrl, recheckPolicy, now }: BlueskyProofDeps,
  profile: { id: number; slug: string },
  claimId: number,
): Promise<WebsiteCheckResult> {
  const profileClaims = await claims.claimsOf(profile.id);
  const claim = profileClaims.find(
    (candidate) => candidate.id === claimId && candidate.kind === 'bluesky' && isLiveClaim(candidate),
  );
  if (!claim) return { ok: false, reason: 'no-such-claim' };
  // One live proof per claim by these checks: the worker keeps re-checking it.
  const checked = (method: string) => method === 'rel-me' || method === 'domain-handle';
  if (claim.evidence.some((evidence) => checked(evidence.method) && evidence.endedAt === null)) return { ok: true, claim };
  const { outcome, account } = await checkBlueskyProfile(bluesky, claim.key, publicProfileUrl(portalUrl, profile.slug));
  const website = account?.handle ? provenWebsiteOfHandle(account.handle, profileClaims) : undefined;
  if (!outcome.ok && !website) return { ok: false, reason: 'not-linked', claim, why: outcome.reason };
  const shown = blueskyClaim(account!);
  const nextCheckAt = new Date(now().getTime() + recheckPolicy.intervalMs);
  const proof = await recordProof(claims, {
    profileId: profile.id,
    kind: 'bluesky',
    value: shown.value,
    key: shown.key,
    evidence: outcome.ok
      ? blueskyProfileEvidence(shown.value, account!.did, nextCheckAt)
      : blueskyDomainHandleEvidence(shown.value, account!.did, nextCheckAt),
  });
  if (!proof.ok) return { ok: false, reason: 'no-such-claim' };
  return { ok: true, claim: proof.claim };
}
