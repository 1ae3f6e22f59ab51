import { fieldsOf } from '../documents/stored-names';
import type { RequestDocument } from './verification-documents';

/**
 * The fields of a verification request, as both stores keep them (see stored-names.ts): its open key is MongoDB's
 * alone, SQLite's partial unique index doing its work.
 */
export const REQUEST_FIELDS = fieldsOf<RequestDocument>()(['id', 'profileId', 'requestedBy', 'requestedAt', 'status', 'openFor']);
