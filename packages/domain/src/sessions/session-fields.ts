import { fieldsOf } from '../documents/stored-names';
import type { SessionDocument } from './document-sessions';

/** The fields of a portal session, as both stores keep them (see stored-names.ts). */
export const SESSION_FIELDS = fieldsOf<SessionDocument>()([
  'tokenHash',
  'userId',
  'csrfToken',
  'createdAt',
  'expiresAt',
  'flash',
]);
