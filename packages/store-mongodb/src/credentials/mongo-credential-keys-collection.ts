import { CREDENTIAL_KEY_FIELDS } from '@byline/domain/credentials/credential-key-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** The issuer's signing keys in the credential_keys collection (unique indexes: successor_of, thumbprint). */
export const CREDENTIAL_KEYS_COLLECTION: MongoCollection<CredentialKeyDocument> = {
  name: 'credentialKeys',
  fields: storedNames(CREDENTIAL_KEY_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
  unique: ['successorOf', 'thumbprint'],
};
