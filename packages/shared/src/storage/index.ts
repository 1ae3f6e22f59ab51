/**
 * @byline/shared/storage: the store's resources, each behind its own small port with its SQLite and MongoDB
 * adapters (profiles, articles, verification requests, claims and evidence, audit history, the leased queue,
 * re-check records, publishers), the rules written once above them, and openBackend/backendOf, which gives every repository
 * on the database the configuration chose. The verifiers do not load it.
 */
export { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
export type { ArticleCheckPayload } from '@byline/domain/articles/article-check-item';
export {
  ATTRIBUTION_ACTOR,
  AUTHORSHIP_PROVIDER,
  isLiveArticleEvidence,
  listedWhenApprovedEvidence,
} from '@byline/domain/articles/article-proof';
export type { ArticleClaim, ArticleProof, ArticleState, AttributionBasis } from '@byline/domain/articles/article-proof';
export { ArticleTakenError } from '@byline/domain/articles/articles-repository';
export type { Articles } from '@byline/domain/articles/articles-repository';
export {
  affiliationEnding,
  domainNoLongerProven,
  endVouching,
  publisherUnverified,
} from '@byline/domain/articles/end-vouched-articles';
export type { EndingVouching } from '@byline/domain/articles/end-vouched-articles';
export { moveProvenArticle } from '@byline/domain/articles/move-proven-article';
export { noteUnproven, proveArticle, proveArticleSteps } from '@byline/domain/articles/prove-article';
export { recheckedEvidenceOf, recordArticleCheckSteps } from '@byline/domain/articles/record-article-check';
export type { ArticleCheckResult } from '@byline/domain/articles/record-article-check';
export { AUDIT_ACTIONS, MAX_AUDIT_LOG_PAGE } from '@byline/domain/audit/audit-repository';
export type { AuditAction, AuditHistory, AuditRecord, DecisionAction } from '@byline/domain/audit/audit-repository';
export type { Backend, Repositories } from '../backend/backend';
export { lazily } from '../backend/lazily';
export type { Closeable } from '../backend/lazily';
export { backendOf, backendWith } from '../backend/open-backend';
export type { BackendExtension } from '../backend/open-backend';
export type { ClaimsRepository } from '@byline/domain/claims/claims-repository';
export { moveProvenClaim } from '@byline/domain/claims/move-proven-claim';
export type { ProvenClaimMove } from '@byline/domain/claims/move-proven-claim';
export { recordProof } from '@byline/domain/claims/record-proof';
export { setClaims } from '@byline/domain/claims/set-claims';
export { profileAddressOf } from '@byline/domain/claims/verified-identity';
export { DIRECTORY_STATES } from '@byline/domain/directory/directory-repository';
export type { DirectoryPage, DirectoryRow, DirectoryState, Lookalike } from '@byline/domain/directory/directory-repository';
export { REVIEWED_IDENTITY_FIELDS, identityFieldLabel } from '@byline/domain/profiles/identity-review';
export type { IdentityDecisionAction, PendingIdentityChange } from '@byline/domain/profiles/identity-review';
export type { ProfileFields } from '@byline/domain/profiles/profile-fields';
export { HandleTakenError, ImportConflictError } from '@byline/domain/profiles/profiles-repository';
export type { ImportProgress, ImportSummary, Profiles } from '@byline/domain/profiles/profiles-repository';
export { DEFAULT_RECHECK_POLICY } from '@byline/domain/proofs/claim-store';
export type { CheckOutcome, DueCheck, DueChecksQuery, RecheckPolicy, RecordCheckResult } from '@byline/domain/proofs/claim-store';
export { claimKey, claimedPageOf, isNetwork, isProvenByPage, normalClaimValue } from '@byline/domain/proofs/claim-values';
export {
  NETWORK_NAMES,
  claimTitle,
  kindLabel,
  lapseNote,
  lapsedProofNote,
  shownValue,
} from '@byline/domain/proofs/claim-wording';
export { EDITOR_PROVIDER, isLiveClaim, liveEvidence } from '@byline/domain/proofs/claims';
export type { Claim, ClaimKind, ClaimState, Evidence, EvidenceMethod, NewEvidence } from '@byline/domain/proofs/claims';
export { RECHECK_ACTOR, failedCheck } from '@byline/domain/proofs/grace';
export { coversHost } from '@byline/domain/publishers/domain-covers';
export { DOMAIN_CHECK_ACTOR } from '@byline/domain/publishers/publishers-repository';
export type {
  DomainCheck,
  DomainProofMethod,
  EventEntry,
  Publisher,
  PublisherDomain,
  PublisherDomainState,
  PublisherEvent,
  PublisherEventAction,
  PublisherMatch,
  Publishers,
} from '@byline/domain/publishers/publishers-repository';
export { REVERSE_TRUST_RELATION, TRUST_RELATION_KINDS } from '@byline/domain/publishers/trust-summary';
export type { TrustIssue, TrustRelation, TrustRelationKind, TrustSummary } from '@byline/domain/publishers/trust-summary';
export { attributionMayFetch, createAskTurns, spreadAttributionAsks } from '@byline/domain/queue/attribution-asks';
export type { AskTurns } from '@byline/domain/queue/attribution-asks';
export { forEachDueItem } from '@byline/domain/queue/leased-queue';
export type { DueQuery, LeasedQueue, QueueItem, QueuePayload } from '@byline/domain/queue/leased-queue';
export {
  ARTICLE_CHECK_TOPIC,
  ATTRIBUTION_ASKS_PER_ITEM,
  ATTRIBUTION_ASKS_TOPIC,
  ATTRIBUTION_TOPIC,
  DOMAIN_CHECK_TOPIC,
  PROOF_ATTEMPT_TOPIC,
} from '@byline/domain/queue/topics';
export type { AttributionAsksPayload, AttributionPayload } from '@byline/domain/queue/topics';
export { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
export type { CheckRecord, RecheckRecords } from '@byline/domain/recheck/recheck-records';
export type { Affiliation, AffiliationState, Staff } from '@byline/domain/staff/staff-repository';
export { isDuplicateKey } from '@byline/store-mongodb/store/mongo-errors';
export { serialised, withNewIds } from '@byline/store-mongodb/store/mongo-ids';
export { COLLECTIONS, collectionOf } from '@byline/store-mongodb/store/mongo-schema';
export type { PortalUserDoc } from '@byline/store-mongodb/store/mongo-schema';
export { MongoStore } from '@byline/store-mongodb/store/mongo-store';
export { SQLITE_FILE_NAME, SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
export type { Verification, VerificationRequest } from '@byline/domain/verification/verification-repository';
export { relayStoreOutbox } from '../database/relay-store-outbox';
export {
  DELIVERED_EVENT_TYPES,
  WEBHOOK_DELIVERY_TOPIC,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TOPIC,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  isWebhookEventType,
  webhookTestEvent,
} from '@byline/domain/webhook-events/webhook-event';
export type { WebhookEvent, WebhookEventType } from '@byline/domain/webhook-events/webhook-event';
export { WEBHOOK_EXCERPT_MAX } from '@byline/domain/webhooks/webhooks-repository';
export type { WebhookAttempt, WebhookEndpoint, WebhookMessage, Webhooks } from '@byline/domain/webhooks/webhooks-repository';
