import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The issuer's signing keys in the embedded store's credential_keys table (successor_of unique). */
export const CREDENTIAL_KEYS_TABLE: SqliteTable<CredentialKeyDocument> = {
  name: 'credential_keys',
  columns: {
    id: 'id',
    successorOf: 'successor_of',
    publicJwk: 'public_jwk',
    privateJwk: 'private_jwk',
    thumbprint: 'thumbprint',
    createdAt: 'created_at',
  },
  key: 'id',
  generatedKey: true,
};
