import { USER_FIELDS } from '@byline/domain/users/user-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { UserDocument } from '@byline/domain/users/document-users';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The portal's users in the embedded store's portal_users table. */
export const USERS_TABLE: SqliteTable<UserDocument> = {
  name: 'portal_users',
  columns: storedNames(USER_FIELDS),
  key: 'id',
  generatedKey: true,
  booleans: ['mustChangePassword', 'signInAwaitsProof'],
};
