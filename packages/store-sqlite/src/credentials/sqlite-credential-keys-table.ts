import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The issuer's signing keys in the embedded store's credential_keys table (successor_of and thumbprint unique). */
export const CREDENTIAL_KEYS_TABLE: SqliteTable<CredentialKeyDocument> = {
  name: 'credential_keys',
  columns: {
    id: 'id',
    successorOf: 'successor_of',
    thumbprint: 'thumbprint',
    publicJwk: 'public_jwk',
    privateJwk: 'private_jwk',
    createdAt: 'created_at',
    publishUntil: 'publish_until',
  },
  key: 'id',
  generatedKey: true,
};
