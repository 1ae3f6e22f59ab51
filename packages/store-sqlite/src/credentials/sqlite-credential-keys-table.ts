import { CREDENTIAL_KEY_FIELDS } from '@byline/domain/credentials/credential-key-fields';
import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import { numberedTable } from '../documents/sqlite-documents';

/** The issuer's signing keys in the embedded store's credential_keys table (successor_of and thumbprint unique). */
export const CREDENTIAL_KEYS_TABLE = numberedTable<CredentialKeyDocument>('credential_keys', CREDENTIAL_KEY_FIELDS);
