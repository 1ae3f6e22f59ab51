/**
 * @byline/shared/storage: the store's resources, each behind its own small port with its SQLite and MongoDB
 * adapters (profiles, articles, verification requests, claims and evidence, audit history, the leased queue,
 * re-check records, publishers), the rules written once above them, and openBackend/backendOf, which gives every repository
 * on the database the configuration chose. The verifiers do not load it.
 */
export { articleCheckItemOf } from '../articles/article-check-item';
export type { ArticleCheckPayload } from '../articles/article-check-item';
export {
  ATTRIBUTION_ACTOR,
  AUTHORSHIP_PROVIDER,
  isLiveArticleEvidence,
  listedWhenApprovedEvidence,
} from '../articles/article-proof';
export type { ArticleClaim, ArticleProof, ArticleState, AttributionBasis } from '../articles/article-proof';
export { ArticleTakenError } from '../articles/articles-repository';
export type { Articles } from '../articles/articles-repository';
export { affiliationEnding, domainNoLongerProven, endVouching, publisherUnverified } from '../articles/end-vouched-articles';
export type { EndingVouching } from '../articles/end-vouched-articles';
export { moveProvenArticle } from '../articles/move-proven-article';
export { noteUnproven, proveArticle, proveArticleSteps } from '../articles/prove-article';
export { recheckedEvidenceOf, recordArticleCheckSteps } from '../articles/record-article-check';
export type { ArticleCheckResult } from '../articles/record-article-check';
export { AUDIT_ACTIONS, MAX_AUDIT_LOG_PAGE } from '../audit/audit-repository';
export type { AuditAction, AuditHistory, AuditRecord, DecisionAction } from '../audit/audit-repository';
export type { Backend, Repositories } from '../backend/backend';
export { lazily } from '../backend/lazily';
export type { Closeable } from '../backend/lazily';
export { backendOf, backendWith } from '../backend/open-backend';
export type { BackendExtension } from '../backend/open-backend';
export type { ClaimsRepository } from '../claims/claims-repository';
export { moveProvenClaim } from '../claims/move-proven-claim';
export type { ProvenClaimMove } from '../claims/move-proven-claim';
export { recordProof } from '../claims/record-proof';
export { setClaims } from '../claims/set-claims';
export { profileAddressOf } from '../claims/verified-identity';
export { DIRECTORY_STATES } from '../directory/directory-repository';
export type { DirectoryPage, DirectoryRow, DirectoryState, Lookalike } from '../directory/directory-repository';
export { REVIEWED_IDENTITY_FIELDS, identityFieldLabel } from '../profiles/identity-review';
export type { IdentityDecisionAction, PendingIdentityChange } from '../profiles/identity-review';
export type { ProfileFields } from '../profiles/profile-fields';
export { HandleTakenError, ImportConflictError } from '../profiles/profiles-repository';
export type { ImportProgress, ImportSummary, Profiles } from '../profiles/profiles-repository';
export { DEFAULT_RECHECK_POLICY } from '../proofs/claim-store';
export type { CheckOutcome, DueCheck, DueChecksQuery, RecheckPolicy, RecordCheckResult } from '../proofs/claim-store';
export { claimKey, claimedPageOf, isNetwork, isProvenByPage, normalClaimValue } from '../proofs/claim-values';
export { NETWORK_NAMES, claimTitle, kindLabel, lapseNote, lapsedProofNote, shownValue } from '../proofs/claim-wording';
export { EDITOR_PROVIDER, isLiveClaim, liveEvidence } from '../proofs/claims';
export type { Claim, ClaimKind, ClaimState, Evidence, EvidenceMethod, NewEvidence } from '../proofs/claims';
export { RECHECK_ACTOR, failedCheck } from '../proofs/grace';
export { coversHost } from '../publishers/domain-covers';
export { DOMAIN_CHECK_ACTOR } from '../publishers/publishers-repository';
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
} from '../publishers/publishers-repository';
export { REVERSE_TRUST_RELATION, TRUST_RELATION_KINDS } from '../publishers/trust-summary';
export type { TrustIssue, TrustRelation, TrustRelationKind, TrustSummary } from '../publishers/trust-summary';
export { attributionMayFetch, createAskTurns, spreadAttributionAsks } from '../queue/attribution-asks';
export type { AskTurns } from '../queue/attribution-asks';
export { forEachDueItem } from '../queue/leased-queue';
export type { DueQuery, LeasedQueue, QueueItem, QueuePayload } from '../queue/leased-queue';
export {
  ARTICLE_CHECK_TOPIC,
  ATTRIBUTION_ASKS_PER_ITEM,
  ATTRIBUTION_ASKS_TOPIC,
  ATTRIBUTION_TOPIC,
  DOMAIN_CHECK_TOPIC,
  PROOF_ATTEMPT_TOPIC,
} from '../queue/topics';
export type { AttributionAsksPayload, AttributionPayload } from '../queue/topics';
export { RECHECK_TOPIC } from '../recheck/recheck-records';
export type { CheckRecord, RecheckRecords } from '../recheck/recheck-records';
export type { Affiliation, AffiliationState, Staff } from '../staff/staff-repository';
export { isDuplicateKey } from '../store/mongo/mongo-errors';
export { serialised, withNewIds } from '../store/mongo/mongo-ids';
export { COLLECTIONS, collectionOf } from '../store/mongo/mongo-schema';
export type { PortalUserDoc } from '../store/mongo/mongo-schema';
export { MongoStore } from '../store/mongo/mongo-store';
export { SQLITE_FILE_NAME, SqliteStore } from '../store/sqlite/sqlite-store';
export type { Verification, VerificationRequest } from '../verification/verification-repository';
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
} from '../webhook-events/webhook-event';
export type { WebhookEvent, WebhookEventType } from '../webhook-events/webhook-event';
export { WEBHOOK_EXCERPT_MAX } from '../webhooks/webhooks-repository';
export type { WebhookAttempt, WebhookEndpoint, WebhookMessage, Webhooks } from '../webhooks/webhooks-repository';
