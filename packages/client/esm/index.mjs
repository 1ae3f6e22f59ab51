// The ES module entry re-exports the CommonJS build, so there is one copy of each class whichever way the package
// is loaded: `instanceof BylineError` holds in a program that both imports and requires it.
export {
  BATCH_MAX_ITEMS,
  BATCH_MIN_ITEMS,
  BylineClient,
  BylineError,
  BylineNetworkError,
  BylineTimeoutError,
  BylineWebhookError,
  DEFAULT_TIMEOUT_MS,
  RETRY_DEFAULTS,
  RETRYABLE_STATUSES,
  retryAfterMs,
  verifyCredential,
  verifyWebhook,
  WEBHOOK_EVENT_TYPES,
} from '../dist/index.js';
