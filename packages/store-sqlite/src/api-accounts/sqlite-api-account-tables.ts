import type { AccountDocument, ApiKeyDocument } from '@byline/domain/api-accounts/api-account-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** API accounts in the embedded store's accounts table (their web origins in api_account_origins). */
export const ACCOUNTS_TABLE: SqliteTable<AccountDocument> = {
  name: 'accounts',
  columns: {
    id: 'id',
    email: 'email',
    status: 'status',
    createdAt: 'created_at',
    rateLimitPerMinute: 'rate_limit_per_minute',
  },
  key: 'id',
  generatedKey: true,
};

/** API keys in the api_keys table, a browser key's own origins as JSON text in browser_origins. */
export const API_KEYS_TABLE: SqliteTable<ApiKeyDocument> = {
  name: 'api_keys',
  columns: {
    id: 'id',
    key: 'key',
    accountId: 'account_id',
    name: 'name',
    secretHash: 'secret_hash',
    createdAt: 'created_at',
    revokedAt: 'revoked_at',
    retiresAt: 'retires_at',
    lastUsedAt: 'last_used_at',
    kind: 'kind',
    browserOrigins: 'browser_origins',
    rateLimitPerMinute: 'rate_limit_per_minute',
  },
  key: 'id',
  generatedKey: true,
  lists: ['browserOrigins'],
};
