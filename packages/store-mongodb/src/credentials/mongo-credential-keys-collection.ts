import { CREDENTIAL_KEY_FIELDS } from '@byline/domain/credentials/credential-key-fields';
import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import { numberedCollection } from '../documents/mongo-documents';

/** The issuer's signing keys in the credential_keys collection (unique indexes: successor_of, thumbprint). */
export const CREDENTIAL_KEYS_COLLECTION = numberedCollection<CredentialKeyDocument>('credentialKeys', CREDENTIAL_KEY_FIELDS, {
  unique: ['successorOf', 'thumbprint'],
});
