import { ACCOUNT_FIELDS, API_KEY_FIELDS } from '@byline/domain/api-accounts/api-account-fields';
import type { AccountDocument, ApiKeyDocument } from '@byline/domain/api-accounts/api-account-documents';
import { numberedTable } from '../documents/sqlite-documents';

/** API accounts in the embedded store's accounts table (their web origins in api_account_origins). */
export const ACCOUNTS_TABLE = numberedTable<AccountDocument>('accounts', ACCOUNT_FIELDS);

/** API keys in the api_keys table, a browser key's own origins as JSON text in browser_origins. */
export const API_KEYS_TABLE = numberedTable<ApiKeyDocument>('api_keys', API_KEY_FIELDS, {
  lists: ['browserOrigins'],
});
