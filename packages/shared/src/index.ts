/**
 * @byline/shared: what the two verifiers load — domain types and mappers, input schemas, the store and its
 * lookups, credential checks, usage, config and logging. The HTTP layer is @byline/shared/http (the CLI does not
 * load Express); the store's resources, each behind its port, are @byline/shared/storage and the SSRF-safe fetcher
 * is @byline/shared/fetch, which only the portal, CLI and worker load (through @byline/editorial).
 */
export type { ApiAccount, ApiAccounts } from './api-accounts/api-accounts-repository';
export { createApiKey, normalizeEmail, rotateApiKey } from './auth/api-keys';
export { DEFAULT_BROWSER_KEY_LIMIT, checkBrowserKeySettings } from './auth/browser-keys';
export { randomBase62 } from './auth/key-material';
export type { KeyPair } from './auth/key-material';
export { serviceRepositoriesOf } from './backend/service-repositories';
export {
  CONFIG_ERROR_EXIT_CODE,
  ConfigError,
  DEFAULT_AUTH_FAILURES_PER_MINUTE,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  loadConfig,
  parseDuration,
} from './config/config';
export type { Config } from './config/config';
export { MAX_ACCOUNT_ORIGINS, normaliseOrigin, normaliseOriginList } from './cors/origin-list';
export { overwriteErasedBytes } from './database/erased-bytes';
export type { MongoDatabase } from './database/mongo-database';
export { SqliteDatabase } from './database/sqlite-database';
export type { StoreDatabase } from './database/store-database';
export { openedDatabase } from './database/opened-database';
export type { OpenedDatabase } from './database/opened-database';
export { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from './domain/demo-examples';
export {
  NOT_A_JOURNALIST_MESSAGE,
  NO_VERIFIED_AUTHOR_MESSAGE,
  toAuthorProfileResponse,
  toJournalistResponse,
} from './domain/mappers';
export { UNVERIFIED_ARTICLE, UNVERIFIED_JOURNALIST, entityTagOf, renderAnswers, withDomainInfo } from './domain/rendered-answers';
export type { TaggedAnswer } from './domain/rendered-answers';
export { SOCIAL_TYPES } from './domain/types';
export type {
  AccountStatus,
  ApiKeySummary,
  Article,
  ArticleInput,
  BrowserKeySettings,
  Profile,
  ProfileInput,
  SocialProfiles,
  SocialType,
  UsageEntry,
} from './domain/types';
export { createLogger } from './logging/logger';
export type { Logger } from './logging/logger';
export { DOMAIN_VERIFIED_MESSAGE, renderOutlet } from './outlets/outlet-answers';
export { hostOfCanonical } from './outlets/outlet-digests-repository';
export type { OutletDigests } from './outlets/outlet-digests-repository';
export type { RenderedOutlet } from './outlets/rendered-outlet';
export type { OutletMatch, Publishers } from './publishers/publishers-repository';
export { TRUST_RELATION_KINDS } from './publishers/trust-summary';
export { attributionAskItems, attributionMayFetch } from './queue/attribution-asks';
export type { LeasedQueue } from './queue/leased-queue';
export { ATTRIBUTION_TOPIC } from './queue/topics';
export type { AttributionPayload } from './queue/topics';
export { normaliseFediverseAccount, sameFediverseAccount } from './social/fediverse-account';
export {
  InvalidHandleError,
  InvalidSocialHandlesError,
  LOOKUP_SOCIAL_TYPES,
  extractUsername,
  handleKey,
  isPossibleUsername,
  normalizeHandle,
} from './social/social-handle';
export { embeddedStoreFile, openStore } from './store/open-store';
export type { OpenStoreOptions } from './store/open-store';
export { NoStoreError } from './store/sqlite/sqlite-errors';
export type { HandleLookup, Store } from './store/store';
export { StoreUnavailableError } from './store/store-unavailable-error';
export { InvalidUrlError, MAX_URL_LENGTH, canonicalizeUrl, withoutTrackingParams } from './url/canonical-url';
export { UsageMeter } from './usage/usage-meter';
export type { UsageRecords } from './usage/usage-repository';
export { canonicalUrlRule, socialHandleRule } from './validation/joi-rules';
export { nameRule } from './validation/name-rule';
export { PLAIN_MESSAGES } from './validation/plain-messages';
export { UNSAFE_CHARACTER_REASON, plainTextRule, unsafeCharacterIn, withoutUnsafeCharacters } from './validation/plain-text';
export type { TextKind } from './validation/plain-text';
export { validateProfileRecord } from './validation/profile-record';
export { quickArticleInput, verifyArticleSchema, verifyJournalistSchema } from './validation/verify-inputs';
export type { VerifyArticleInput, VerifyJournalistInput } from './validation/verify-inputs';
