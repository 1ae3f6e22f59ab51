import type { OneTimeLinkDocument } from '@byline/domain/one-time-links/document-one-time-links';
import type { MongoCollection } from '../documents/mongo-documents';

const linksIn = (name: 'passwordResets' | 'emailConfirmations'): MongoCollection<OneTimeLinkDocument> => ({
  name,
  fields: { tokenHash: 'token_hash', userId: 'user_id', createdAt: 'created_at', expiresAt: 'expires_at', usedAt: 'used_at' },
  key: 'tokenHash',
  unique: ['tokenHash'],
});

/** The portal's password-reset links and address-confirmation links: a collection each, alike. */
export const PASSWORD_RESETS_COLLECTION = linksIn('passwordResets');
export const EMAIL_CONFIRMATIONS_COLLECTION = linksIn('emailConfirmations');
