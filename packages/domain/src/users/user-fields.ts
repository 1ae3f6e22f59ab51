import { fieldsOf } from '../documents/stored-names';
import type { UserDocument } from './document-users';

/** The fields of a portal user, as both stores keep them (see stored-names.ts). */
export const USER_FIELDS = fieldsOf<UserDocument>()([
  'id',
  'email',
  'passwordHash',
  'role',
  'profileId',
  'createdAt',
  'mustChangePassword',
  'temporaryPasswordExpiresAt',
  'emailVerifiedAt',
  'signInAwaitsProof',
]);
