/**
 * @byline/shared: what the two verifiers load — domain types and mappers, input schemas, the store and its
 * lookups, credential checks, usage, config and logging. The HTTP layer is @byline/http (the CLI does not
 * load Express); the store's resources, each behind its port, are @byline/shared/storage and the SSRF-safe fetcher
 * is @byline/fetcher, which only the portal, CLI and worker load (through @byline/editorial).
 */
export type { ApiAccount, ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
export { createApiKey, normalizeEmail, rotateApiKey } from './auth/api-keys';
export { DEFAULT_BROWSER_KEY_LIMIT, browserKeyRefusal, checkBrowserKeySettings, perMinuteOf } from './auth/browser-keys';
export { parseBearerToken } from './auth/bearer-token';
export { CredentialChecker } from './auth/credential-checker';
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
} from '@byline/domain/config/config';
export type { Config } from '@byline/domain/config/config';
export { MAX_ACCOUNT_ORIGINS, normaliseOrigin, normaliseOriginList } from '@byline/domain/cors/origin-list';
export { overwriteErasedBytes } from './database/erased-bytes';
export type { MongoDatabase } from '@byline/store-mongodb/database/mongo-database';
export { SqliteDatabase } from '@byline/store-sqlite/database/sqlite-database';
export type { StoreDatabase } from '@byline/domain/database/store-database';
export { openedDatabase } from './database/opened-database';
export type { OpenedDatabase } from './database/opened-database';
export { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from '@byline/domain/domain/demo-examples';
export {
  NOT_A_JOURNALIST_MESSAGE,
  NO_VERIFIED_AUTHOR_MESSAGE,
  toAuthorProfileResponse,
  toJournalistResponse,
} from '@byline/domain/domain/mappers';
export {
  UNVERIFIED_ARTICLE,
  UNVERIFIED_JOURNALIST,
  entityTagOf,
  renderAnswers,
  withDomainInfo,
} from '@byline/domain/domain/rendered-answers';
export type { TaggedAnswer } from '@byline/domain/domain/rendered-answers';
export { SOCIAL_TYPES } from '@byline/domain/domain/types';
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
} from '@byline/domain/domain/types';
export { createLogger } from '@byline/domain/logging/logger';
export type { Logger } from '@byline/domain/logging/logger';
export { DOMAIN_VERIFIED_MESSAGE, renderOutlet } from '@byline/domain/outlets/outlet-answers';
export { hostOfCanonical } from '@byline/domain/outlets/outlet-digests-repository';
export type { OutletDigests } from '@byline/domain/outlets/outlet-digests-repository';
export type { RenderedOutlet } from '@byline/domain/outlets/rendered-outlet';
export type { OutletMatch, Publishers } from '@byline/domain/publishers/publishers-repository';
export { TRUST_RELATION_KINDS } from '@byline/domain/publishers/trust-summary';
export { attributionAskItems, attributionMayFetch } from '@byline/domain/queue/attribution-asks';
export type { LeasedQueue } from '@byline/domain/queue/leased-queue';
export { ATTRIBUTION_TOPIC } from '@byline/domain/queue/topics';
export type { AttributionPayload } from '@byline/domain/queue/topics';
export { normaliseFediverseAccount, sameFediverseAccount } from '@byline/domain/social/fediverse-account';
export {
  InvalidHandleError,
  InvalidSocialHandlesError,
  LOOKUP_SOCIAL_TYPES,
  extractUsername,
  handleKey,
  isPossibleUsername,
  normalizeHandle,
} from '@byline/domain/social/social-handle';
export { embeddedStoreFile, openStore } from './store/open-store';
export type { OpenStoreOptions } from './store/open-store';
export { NoStoreError } from '@byline/store-sqlite/store/sqlite-errors';
export type { HandleLookup, Store } from '@byline/domain/store/store';
export { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
export { InvalidUrlError, MAX_URL_LENGTH, canonicalizeUrl, withoutTrackingParams } from '@byline/domain/url/canonical-url';
export { UsageMeter } from '@byline/domain/usage/usage-meter';
export type { UsageRecords } from '@byline/domain/usage/usage-repository';
export { canonicalUrlRule, socialHandleRule } from '@byline/domain/validation/joi-rules';
export { nameRule } from '@byline/domain/validation/name-rule';
export { PLAIN_MESSAGES } from '@byline/domain/validation/plain-messages';
export {
  UNSAFE_CHARACTER_REASON,
  plainTextRule,
  unsafeCharacterIn,
  withoutUnsafeCharacters,
} from '@byline/domain/validation/plain-text';
export type { TextKind } from '@byline/domain/validation/plain-text';
export { validateProfileRecord } from '@byline/domain/validation/profile-record';
export { quickArticleInput, verifyArticleSchema, verifyJournalistSchema } from '@byline/domain/validation/verify-inputs';
export type { VerifyArticleInput, VerifyJournalistInput } from '@byline/domain/validation/verify-inputs';
