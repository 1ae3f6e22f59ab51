import { USER_FIELDS } from '@byline/domain/users/user-fields';
import type { UserDocument } from '@byline/domain/users/document-users';
import { numberedCollection } from '../documents/mongo-documents';

/** The portal's users in the portal_users collection (its unique index: the email). */
export const USERS_COLLECTION = numberedCollection<UserDocument>('portalUsers', USER_FIELDS, {
  unique: ['email'],
  // Users made before these fields: no one-time password to change, and signing in waits for nothing.
  absent: { mustChangePassword: false, signInAwaitsProof: false },
});
