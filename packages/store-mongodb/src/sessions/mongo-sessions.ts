import { SESSION_FIELDS } from '@byline/domain/sessions/session-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { SessionDocument } from '@byline/domain/sessions/document-sessions';
import type { MongoCollection } from '../documents/mongo-documents';

/** The portal's sessions in the portal_sessions collection. */
export const SESSIONS_COLLECTION: MongoCollection<SessionDocument> = {
  name: 'portalSessions',
  fields: storedNames(SESSION_FIELDS),
  key: 'tokenHash',
  unique: ['tokenHash'],
};
