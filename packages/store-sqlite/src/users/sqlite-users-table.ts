import type { UserDocument } from '@byline/domain/users/document-users';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The portal's users in the embedded store's portal_users table. */
export const USERS_TABLE: SqliteTable<UserDocument> = {
  name: 'portal_users',
  columns: {
    id: 'id',
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
  booleans: ['mustChangePassword', 'signInAwaitsProof'],
};
