import { ONE_TIME_LINK_FIELDS } from '@byline/domain/one-time-links/one-time-link-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { OneTimeLinkDocument } from '@byline/domain/one-time-links/document-one-time-links';
import type { MongoCollection } from '../documents/mongo-documents';

const linksIn = (name: 'passwordResets' | 'emailConfirmations'): MongoCollection<OneTimeLinkDocument> => ({
  name,
  fields: storedNames(ONE_TIME_LINK_FIELDS),
  key: 'tokenHash',
  unique: ['tokenHash'],
});

/** The portal's password-reset links and address-confirmation links: a collection each, alike. */
export const PASSWORD_RESETS_COLLECTION = linksIn('passwordResets');
export const EMAIL_CONFIRMATIONS_COLLECTION = linksIn('emailConfirmations');
