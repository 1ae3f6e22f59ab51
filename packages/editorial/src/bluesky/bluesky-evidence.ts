import type { NewEvidence } from '@byline/domain/proofs/claims';
import { BLUESKY_PROVIDER } from '@byline/domain/social/bluesky-account';

/**
 * The evidence of a Bluesky account whose profile record links the profile's public page: rel="me" in atproto's
 * terms, vouched for by Byline's check and answered by Bluesky (CAWG `cawg.social_media`, provider
 * https://bsky.app). `provenValue` is the handle the account had, `subject` its DID: the re-check reads the account
 * by its DID, so a handle given to another account never keeps the proof alive.
 */
export function blueskyProfileEvidence(handle: string, did: string, nextCheckAt: Date): NewEvidence {
  return {
    method: 'rel-me',
    provider: BLUESKY_PROVIDER,
    provenValue: handle,
    subject: did,
    by: 'byline:bluesky profile check',
    nextCheckAt: nextCheckAt.toISOString(),
  };
}

/** Who vouched for a sign-in: Bluesky's own authorization, as the other networks' sign-ins name their provider. */
export const BLUESKY_SIGN_IN_BY = `network:${BLUESKY_PROVIDER.id}`;

/**
 * The evidence of signing in with the Bluesky account (atproto OAuth: the token's `sub` was the claim's DID). It is
 * checked again like the profile record's, by its DID alone: the account's handle may change or move to another
 * account, which the claim must show (see the re-check), though the sign-in itself proved the DID for good.
 */
export function blueskySignInEvidence(handle: string, did: string, nextCheckAt: Date): NewEvidence {
  return {
    method: 'network-sign-in',
    provider: BLUESKY_PROVIDER,
    provenValue: handle,
    subject: did,
    by: BLUESKY_SIGN_IN_BY,
    nextCheckAt: nextCheckAt.toISOString(),
  };
}

/**
 * The evidence of a Bluesky account whose handle is the domain of a website proven on the same profile (see
 * provenWebsiteOfHandle): the handle resolves to the account and its DID document names the handle back, and the
 * journalist proved the site. Re-checked by DID like the others: it holds while the account keeps that handle.
 */
export function blueskyDomainHandleEvidence(handle: string, did: string, nextCheckAt: Date): NewEvidence {
  return {
    method: 'domain-handle',
    provider: BLUESKY_PROVIDER,
    provenValue: handle,
    subject: did,
    by: 'byline:bluesky domain handle check',
    nextCheckAt: nextCheckAt.toISOString(),
  };
}
