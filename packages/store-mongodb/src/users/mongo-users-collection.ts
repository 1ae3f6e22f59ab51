import type { UserDocument } from '@byline/domain/users/document-users';
import type { MongoCollection } from '../documents/mongo-documents';

/** The portal's users in the portal_users collection (its unique index: the email). */
export const USERS_COLLECTION: MongoCollection<UserDocument> = {
  name: 'portalUsers',
  fields: {
    id: '_id',
    email: 'email',
    passwordHash: 'password_hash',
    role: 'role',
    profileId: 'profile_id',
    createdAt: 'created_at',
    mustChangePassword: 'must_change_password',
    temporaryPasswordExpiresAt: 'temporary_password_expires_at',
    emailVerifiedAt: 'email_verified_at',
    signInAwaitsProof: 'sign_in_awaits_proof',
  },
  key: 'id',
  generatedKey: true,
  unique: ['email'],
  // Users made before these fields: no one-time password to change, and signing in waits for nothing.
  absent: { mustChangePassword: false, signInAwaitsProof: false },
};
