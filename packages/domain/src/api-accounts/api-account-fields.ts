import { fieldsOf } from '../documents/stored-names';
import type { AccountDocument, ApiKeyDocument } from './api-account-documents';

/** The fields of an API account and of its keys, as both stores keep them (see stored-names.ts). */
export const ACCOUNT_FIELDS = fieldsOf<AccountDocument>()(['id', 'email', 'status', 'createdAt', 'rateLimitPerMinute']);

export const API_KEY_FIELDS = fieldsOf<ApiKeyDocument>()([
  'id',
  'key',
  'accountId',
  'name',
  'secretHash',
  'createdAt',
  'revokedAt',
  'retiresAt',
  'lastUsedAt',
  'kind',
  'browserOrigins',
  'rateLimitPerMinute',
]);
