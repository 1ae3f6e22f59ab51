import { BLUESKY_VERIFICATION_FIELDS } from '@byline/domain/bluesky-verification/bluesky-verification-fields';
import type { BlueskyVerificationDocument } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { MongoCollection } from '../documents/mongo-documents';

/** Journalists' Bluesky verifications, one document per profile (its id the _id). */
export const BLUESKY_VERIFICATIONS_COLLECTION: MongoCollection<BlueskyVerificationDocument> = {
  name: 'blueskyVerifications',
  fields: storedNames(BLUESKY_VERIFICATION_FIELDS, { profileId: '_id' }),
  key: 'profileId',
};
