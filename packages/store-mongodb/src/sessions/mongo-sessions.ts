import type { SessionDocument } from '@byline/domain/sessions/document-sessions';
import type { MongoCollection } from '../documents/mongo-documents';

/** The portal's sessions in the portal_sessions collection. */
export const SESSIONS_COLLECTION: MongoCollection<SessionDocument> = {
  name: 'portalSessions',
  fields: {
    tokenHash: 'token_hash',
    userId: 'user_id',
    csrfToken: 'csrf_token',
    createdAt: 'created_at',
    expiresAt: 'expires_at',
    flash: 'flash',
  },
  key: 'tokenHash',
  unique: ['tokenHash'],
};
