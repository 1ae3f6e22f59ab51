export { BylineClient, DEFAULT_TIMEOUT_MS, type BylineClientOptions } from './client';
export { BylineError, BylineNetworkError, BylineTimeoutError } from './errors';
export { RETRY_DEFAULTS, RETRYABLE_STATUSES, retryAfterMs, type RetryOptions } from './retry';
export type { RequestOptions } from './transport';
export {
  BylineWebhookError,
  verifyWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
} from './webhooks';
export * from './types';
export { verifyCredential } from './credentials/verify-credential';
export type {
  CredentialCheck,
  CredentialIdentity,
  DidDocument,
  JournalistCredential,
  SecuredAs,
  StatusListEntry,
  VerifiedCredentialResult,
  VerifyCredentialOptions,
} from './credentials/credential-types';
