import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** The issuer's signing keys in the credential_keys collection (unique indexes: successor_of, thumbprint). */
export const CREDENTIAL_KEYS_COLLECTION: MongoCollection<CredentialKeyDocument> = {
  name: 'credentialKeys',
  fields: {
    id: '_id',
    successorOf: 'successor_of',
    thumbprint: 'thumbprint',
    publicJwk: 'public_jwk',
    privateJwk: 'private_jwk',
    createdAt: 'created_at',
    publishUntil: 'publish_until',
  },
  key: 'id',
  generatedKey: true,
  unique: ['successorOf', 'thumbprint'],
};
