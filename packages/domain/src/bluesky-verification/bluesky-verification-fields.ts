import { fieldsOf } from '../documents/stored-names';
import type { BlueskyVerificationDocument } from './bluesky-verification-documents';

/** The fields of a journalist's Bluesky verification, as both stores keep them (see stored-names.ts). */
export const BLUESKY_VERIFICATION_FIELDS = fieldsOf<BlueskyVerificationDocument>()([
  'profileId',
  'subject',
  'change',
  'renderRevision',
  'record',
  'uri',
  'cid',
  'writing',
  'failures',
  'dueAt',
  'lastError',
]);
