import { ONE_TIME_LINK_FIELDS } from '@byline/domain/one-time-links/one-time-link-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { OneTimeLinkDocument } from '@byline/domain/one-time-links/document-one-time-links';
import type { SqliteTable } from '../documents/sqlite-documents';

const linksIn = (name: string): SqliteTable<OneTimeLinkDocument> => ({
  name,
  columns: storedNames(ONE_TIME_LINK_FIELDS),
  key: 'tokenHash',
});

/** The portal's password-reset links and address-confirmation links in the embedded store: a table each, alike. */
export const PASSWORD_RESETS_TABLE = linksIn('portal_password_resets');
export const EMAIL_CONFIRMATIONS_TABLE = linksIn('portal_email_confirmations');
