import { BLUESKY_VERIFICATION_FIELDS } from '@byline/domain/bluesky-verification/bluesky-verification-fields';
import type { BlueskyVerificationDocument } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { SqliteTable } from '../documents/sqlite-documents';

/** Journalists' Bluesky verifications in the bluesky_verifications table, one row per profile. */
export const BLUESKY_VERIFICATIONS_TABLE: SqliteTable<BlueskyVerificationDocument> = {
  name: 'bluesky_verifications',
  columns: storedNames(BLUESKY_VERIFICATION_FIELDS),
  key: 'profileId',
};
