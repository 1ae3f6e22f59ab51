import type { SessionDocument } from '@byline/domain/sessions/document-sessions';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The portal's sessions in the embedded store's portal_sessions table. */
export const SESSIONS_TABLE: SqliteTable<SessionDocument> = {
  name: 'portal_sessions',
  columns: {
    tokenHash: 'token_hash',
    userId: 'user_id',
    csrfToken: 'csrf_token',
    createdAt: 'created_at',
    expiresAt: 'expires_at',
    flash: 'flash',
  },
  key: 'tokenHash',
};
