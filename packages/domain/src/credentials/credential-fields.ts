import { fieldsOf } from '../documents/stored-names';
import type { CredentialStatusEntryDocument, JournalistCredentialDocument, StatusListDocument } from './credential-documents';

/**
 * The fields of a journalist's credential, of a status list's entry and of a status list, as both stores keep them
 * (see stored-names.ts).
 */
export const JOURNALIST_CREDENTIAL_FIELDS = fieldsOf<JournalistCredentialDocument>()([
  'profileId',
  'claims',
  'change',
  'renderRevision',
  'awaitingNote',
  'slug',
  'issuedClaims',
  'statusEntry',
  'jwt',
  'cose',
  'etag',
  'issuedAt',
  'reissueAt',
]);

export const CREDENTIAL_STATUS_ENTRY_FIELDS = fieldsOf<CredentialStatusEntryDocument>()(['id', 'list', 'index', 'revokedAt']);

export const STATUS_LIST_FIELDS = fieldsOf<StatusListDocument>()([
  'id',
  'revokedCount',
  'jwt',
  'cose',
  'etag',
  'publishedAt',
  'reissueAt',
]);
