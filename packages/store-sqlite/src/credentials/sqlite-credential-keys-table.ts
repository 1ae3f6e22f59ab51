import { CREDENTIAL_KEY_FIELDS } from '@byline/domain/credentials/credential-key-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The issuer's signing keys in the embedded store's credential_keys table (successor_of and thumbprint unique). */
export const CREDENTIAL_KEYS_TABLE: SqliteTable<CredentialKeyDocument> = {
  name: 'credential_keys',
  columns: storedNames(CREDENTIAL_KEY_FIELDS),
  key: 'id',
  generatedKey: true,
};
