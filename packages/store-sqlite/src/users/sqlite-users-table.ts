import { USER_FIELDS } from '@byline/domain/users/user-fields';
import type { UserDocument } from '@byline/domain/users/document-users';
import { numberedTable } from '../documents/sqlite-documents';

/** The portal's users in the embedded store's portal_users table. */
export const USERS_TABLE = numberedTable<UserDocument>('portal_users', USER_FIELDS, {
  booleans: ['mustChangePassword', 'signInAwaitsProof'],
});
