import { ACCOUNT_FIELDS, API_KEY_FIELDS } from '@byline/domain/api-accounts/api-account-fields';
import type { AccountDocument, ApiKeyDocument } from '@byline/domain/api-accounts/api-account-documents';
import { numberedCollection } from '../documents/mongo-documents';

/** API accounts in the accounts collection (their web origins in allowed_origins; unique index: the email). */
export const ACCOUNTS_COLLECTION = numberedCollection<AccountDocument>('accounts', ACCOUNT_FIELDS, {
  unique: ['email'],
  // An account has no limit of its own until one is set.
  sparse: ['rateLimitPerMinute'],
});

/** API keys in the api_keys collection (unique index: the key), carrying their webhook events (see mongo-carried-events.ts). */
export const API_KEYS_COLLECTION = numberedCollection<ApiKeyDocument>('apiKeys', API_KEY_FIELDS, {
  unique: ['key'],
  // Every key written before browser keys is a server key, with no kind; a server key still has none, nor a browser
  // key's settings, and a key not rotated away has no retires_at (never null).
  absent: { kind: 'server' },
  sparse: ['kind', 'browserOrigins', 'rateLimitPerMinute', 'retiresAt'],
});
