import { SESSION_FIELDS } from '@byline/domain/sessions/session-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { SessionDocument } from '@byline/domain/sessions/document-sessions';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The portal's sessions in the embedded store's portal_sessions table. */
export const SESSIONS_TABLE: SqliteTable<SessionDocument> = {
  name: 'portal_sessions',
  columns: storedNames(SESSION_FIELDS),
  key: 'tokenHash',
};
