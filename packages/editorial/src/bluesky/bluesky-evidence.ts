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
