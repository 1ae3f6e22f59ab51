import type { CredentialKeyDocument } from '@byline/domain/credentials/credential-key-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** The issuer's signing keys in the credential_keys collection (unique index: successor_of). */
export const CREDENTIAL_KEYS_COLLECTION: MongoCollection<CredentialKeyDocument> = {
  name: 'credentialKeys',
  fields: {
    id: '_id',
    successorOf: 'successor_of',
    publicJwk: 'public_jwk',
    privateJwk: 'private_jwk',
    thumbprint: 'thumbprint',
    createdAt: 'created_at',
  },
  key: 'id',
  generatedKey: true,
  unique: ['successorOf'],
};
