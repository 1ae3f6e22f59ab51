import { USER_FIELDS } from '@byline/domain/users/user-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { UserDocument } from '@byline/domain/users/document-users';
import type { MongoCollection } from '../documents/mongo-documents';

/** The portal's users in the portal_users collection (its unique index: the email). */
export const USERS_COLLECTION: MongoCollection<UserDocument> = {
  name: 'portalUsers',
  fields: storedNames(USER_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
  unique: ['email'],
  // Users made before these fields: no one-time password to change, and signing in waits for nothing.
  absent: { mustChangePassword: false, signInAwaitsProof: false },
};
