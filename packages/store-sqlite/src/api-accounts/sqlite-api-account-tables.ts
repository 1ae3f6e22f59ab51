import { ACCOUNT_FIELDS, API_KEY_FIELDS } from '@byline/domain/api-accounts/api-account-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { AccountDocument, ApiKeyDocument } from '@byline/domain/api-accounts/api-account-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** API accounts in the embedded store's accounts table (their web origins in api_account_origins). */
export const ACCOUNTS_TABLE: SqliteTable<AccountDocument> = {
  name: 'accounts',
  columns: storedNames(ACCOUNT_FIELDS),
  key: 'id',
  generatedKey: true,
};

/** API keys in the api_keys table, a browser key's own origins as JSON text in browser_origins. */
export const API_KEYS_TABLE: SqliteTable<ApiKeyDocument> = {
  name: 'api_keys',
  columns: storedNames(API_KEY_FIELDS),
  key: 'id',
  generatedKey: true,
  lists: ['browserOrigins'],
};
