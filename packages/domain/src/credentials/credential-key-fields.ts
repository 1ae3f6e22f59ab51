import { fieldsOf } from '../documents/stored-names';
import type { CredentialKeyDocument } from './credential-key-documents';

/** The fields of the issuer's signing keys, as both stores keep them (see stored-names.ts). */
export const CREDENTIAL_KEY_FIELDS = fieldsOf<CredentialKeyDocument>()([
  'id',
  'successorOf',
  'thumbprint',
  'publicJwk',
  'privateJwk',
  'createdAt',
  'publishUntil',
]);
