/**
 * @byline/shared: what both verifiers import — the Author/Journalist/Article types and their answers (declared in
 * @byline/domain), the store opened on the database the configuration chose with its MongoDB and SQLite
 * repositories (the only package that chooses between @byline/store-mongodb and @byline/store-sqlite), and the
 * credential checks. The HTTP frame is @byline/http; the store's resources for the other processes are
 * @byline/shared/store.
 */
export { createApiKey, normalizeEmail, rotateApiKey } from './auth/api-keys';
export { DEFAULT_BROWSER_KEY_LIMIT, browserKeyRefusal, checkBrowserKeySettings, perMinuteOf } from './auth/browser-keys';
export { parseBearerToken } from './auth/bearer-token';
export { CredentialChecker } from './auth/credential-checker';
export { randomBase62 } from './auth/key-material';
export type { KeyPair } from './auth/key-material';
export { serviceRepositoriesOf } from './store/service-repositories';
export { CONFIG_ERROR_EXIT_CODE, ConfigError, loadConfig } from '@byline/domain/config/config';
export { overwriteErasedBytes } from './store/erased-bytes';
export { openedDatabase } from './store/opened-database';
export { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from '@byline/domain/domain/demo-examples';
export { NO_VERIFIED_AUTHOR_MESSAGE, toAuthorProfileResponse, toJournalistResponse } from '@byline/domain/domain/mappers';
export {
  UNVERIFIED_ARTICLE,
  UNVERIFIED_JOURNALIST,
  entityTagOf,
  withCredential,
  withDomainInfo,
} from '@byline/domain/domain/rendered-answers';
export type { TaggedAnswer } from '@byline/domain/domain/rendered-answers';
export { SOCIAL_TYPES } from '@byline/domain/domain/types';
export type { Article, AuthorView, Profile, SocialType } from '@byline/domain/domain/types';
export type { Logger } from '@byline/domain/logging/logger';
export { DOMAIN_VERIFIED_MESSAGE, renderOutlet } from '@byline/domain/outlets/outlet-answers';
export { hostOfCanonical } from '@byline/domain/outlets/outlet-digests-repository';
export type { OutletDigests } from '@byline/domain/outlets/outlet-digests-repository';
export type { RenderedOutlet } from '@byline/domain/outlets/rendered-outlet';
export type { OutletMatch, Publishers } from '@byline/domain/publishers/publishers-repository';
export type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
export { attributionAskItems, attributionMayFetch } from '@byline/domain/queue/attribution-asks';
export type { LeasedQueue } from '@byline/domain/queue/leased-queue';
export type { AttributionPayload } from '@byline/domain/queue/topics';
export { LOOKUP_SOCIAL_TYPES } from '@byline/domain/social/social-handle';
export { ACCOUNT_LOOKUP_TYPES } from '@byline/domain/social/account-lookup';
export { embeddedStoreFile, openStore } from './store/open-store';
export type { OpenStoreOptions } from './store/open-store';
export { NoStoreError } from '@byline/store-sqlite/store/sqlite-errors';
export type { Store } from '@byline/domain/store/store';
export { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
export { MAX_URL_LENGTH, canonicalizeUrl } from '@byline/domain/url/canonical-url';
export {
  quickArticleInput,
  quickJournalistInput,
  verifyArticleSchema,
  verifyJournalistSchema,
} from '@byline/domain/validation/verify-inputs';
export type { VerifyArticleInput, VerifyJournalistInput } from '@byline/domain/validation/verify-inputs';
export { AnswerCache, cachedAnswer } from './answers/answer-cache';
