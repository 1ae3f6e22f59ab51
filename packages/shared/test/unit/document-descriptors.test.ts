import { ACCOUNTS_COLLECTION, API_KEYS_COLLECTION } from '@byline/store-mongodb/api-accounts/mongo-api-account-collections';
import { ARTICLES_COLLECTION } from '@byline/store-mongodb/articles/mongo-articles';
import { ATTRIBUTION_DOMAINS_COLLECTION } from '@byline/store-mongodb/attribution-domains/mongo-attribution-domains';
import { AUDIT_COLLECTION } from '@byline/store-mongodb/audit/mongo-audit-history';
import { CLAIMS_COLLECTION, EVIDENCE_COLLECTION } from '@byline/store-mongodb/claims/mongo-claim-collections';
import { CREDENTIAL_KEYS_COLLECTION } from '@byline/store-mongodb/credentials/mongo-credential-keys-collection';
import {
  CREDENTIAL_STATUS_ENTRIES_COLLECTION,
  CREDENTIAL_STATUS_LISTS_COLLECTION,
  JOURNALIST_CREDENTIALS_COLLECTION,
} from '@byline/store-mongodb/credentials/mongo-journalist-credentials-collections';
import {
  EMAIL_CONFIRMATIONS_COLLECTION,
  PASSWORD_RESETS_COLLECTION,
} from '@byline/store-mongodb/one-time-links/mongo-one-time-links';
import {
  PUBLISHER_DOMAINS_COLLECTION,
  PUBLISHER_EVENTS_COLLECTION,
  PUBLISHERS_COLLECTION,
} from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import { FORMER_SLUGS_COLLECTION, PROFILES_COLLECTION } from '@byline/store-mongodb/profiles/mongo-profiles-collection';
import { HANDLES_COLLECTION, QUEUE_ITEMS_COLLECTION } from '@byline/store-mongodb/profiles/mongo-profile-erasure';
import { SESSIONS_COLLECTION } from '@byline/store-mongodb/sessions/mongo-sessions';
import { STAFF_COLLECTION } from '@byline/store-mongodb/staff/mongo-staff-collections';
import { USAGE_COLLECTION } from '@byline/store-mongodb/usage/mongo-usage-collections';
import { USERS_COLLECTION } from '@byline/store-mongodb/users/mongo-users-collection';
import { CLOSING_AUDIT_COLLECTION, REQUESTS_COLLECTION } from '@byline/store-mongodb/verification/mongo-verification-collections';
import {
  WEBHOOK_ENDPOINTS_COLLECTION,
  WEBHOOK_MESSAGES_COLLECTION,
} from '@byline/store-mongodb/webhooks/mongo-webhook-collections';
import { ACCOUNTS_TABLE, API_KEYS_TABLE } from '@byline/store-sqlite/api-accounts/sqlite-api-account-tables';
import { ARTICLES_TABLE } from '@byline/store-sqlite/articles/sqlite-articles';
import { ATTRIBUTION_DOMAINS_TABLE } from '@byline/store-sqlite/attribution-domains/sqlite-attribution-domains';
import { AUDIT_TABLE } from '@byline/store-sqlite/audit/sqlite-audit-history';
import { CLAIMS_TABLE, EVIDENCE_TABLE } from '@byline/store-sqlite/claims/sqlite-claim-tables';
import { CREDENTIAL_KEYS_TABLE } from '@byline/store-sqlite/credentials/sqlite-credential-keys-table';
import {
  CREDENTIAL_STATUS_ENTRIES_TABLE,
  CREDENTIAL_STATUS_LISTS_TABLE,
  JOURNALIST_CREDENTIALS_TABLE,
} from '@byline/store-sqlite/credentials/sqlite-journalist-credentials-tables';
import { EMAIL_CONFIRMATIONS_TABLE, PASSWORD_RESETS_TABLE } from '@byline/store-sqlite/one-time-links/sqlite-one-time-links';
import {
  PUBLISHER_DOMAINS_TABLE,
  PUBLISHER_EVENTS_TABLE,
  PUBLISHERS_TABLE,
} from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import { FORMER_SLUGS_TABLE, PROFILES_TABLE } from '@byline/store-sqlite/profiles/sqlite-profiles-table';
import { HANDLES_TABLE, QUEUE_ITEMS_TABLE } from '@byline/store-sqlite/profiles/sqlite-profile-erasure';
import { SESSIONS_TABLE } from '@byline/store-sqlite/sessions/sqlite-sessions';
import { STAFF_TABLE } from '@byline/store-sqlite/staff/sqlite-staff-tables';
import { USAGE_TABLE } from '@byline/store-sqlite/usage/sqlite-usage-tables';
import { USERS_TABLE } from '@byline/store-sqlite/users/sqlite-users-table';
import { CLOSING_AUDIT_TABLE, REQUESTS_TABLE } from '@byline/store-sqlite/verification/sqlite-verification-tables';
import { WEBHOOK_ENDPOINTS_TABLE, WEBHOOK_MESSAGES_TABLE } from '@byline/store-sqlite/webhooks/sqlite-webhook-tables';

/*
 * The stored names of the generic documents' tables and collections, pinned as they were written by hand: the field
 * lists above the adapters derive them now, and a change there must not rename a column or a field of stored data.
 * A descriptor reads as one line: its name, its key, then each field in order, `field:stored` where the two differ.
 */

type Descriptor = { name: string; key: string | readonly string[] };
const line = ({ name, key }: Descriptor, stored: object) =>
  `${name} [${String(key)}] ${Object.entries(stored as Record<string, string | null>)
    .map(([field, as]) => (field === as ? field : `${field}:${as}`))
    .join(' ')}`;

const TABLES: Record<string, Descriptor & { columns: object }> = {
  ACCOUNTS_TABLE,
  API_KEYS_TABLE,
  ARTICLES_TABLE,
  AUDIT_TABLE,
  CLOSING_AUDIT_TABLE,
  CLAIMS_TABLE,
  EVIDENCE_TABLE,
  CREDENTIAL_KEYS_TABLE,
  JOURNALIST_CREDENTIALS_TABLE,
  CREDENTIAL_STATUS_ENTRIES_TABLE,
  CREDENTIAL_STATUS_LISTS_TABLE,
  PASSWORD_RESETS_TABLE,
  EMAIL_CONFIRMATIONS_TABLE,
  PUBLISHERS_TABLE,
  PUBLISHER_DOMAINS_TABLE,
  PUBLISHER_EVENTS_TABLE,
  PROFILES_TABLE,
  FORMER_SLUGS_TABLE,
  HANDLES_TABLE,
  QUEUE_ITEMS_TABLE,
  ATTRIBUTION_DOMAINS_TABLE,
  SESSIONS_TABLE,
  STAFF_TABLE,
  USAGE_TABLE,
  USERS_TABLE,
  REQUESTS_TABLE,
  WEBHOOK_ENDPOINTS_TABLE,
  WEBHOOK_MESSAGES_TABLE,
};

const COLLECTIONS: Record<string, Descriptor & { fields: object }> = {
  ACCOUNTS_COLLECTION,
  API_KEYS_COLLECTION,
  ARTICLES_COLLECTION,
  AUDIT_COLLECTION,
  CLOSING_AUDIT_COLLECTION,
  CLAIMS_COLLECTION,
  EVIDENCE_COLLECTION,
  CREDENTIAL_KEYS_COLLECTION,
  JOURNALIST_CREDENTIALS_COLLECTION,
  CREDENTIAL_STATUS_ENTRIES_COLLECTION,
  CREDENTIAL_STATUS_LISTS_COLLECTION,
  PASSWORD_RESETS_COLLECTION,
  EMAIL_CONFIRMATIONS_COLLECTION,
  PUBLISHERS_COLLECTION,
  PUBLISHER_DOMAINS_COLLECTION,
  PUBLISHER_EVENTS_COLLECTION,
  PROFILES_COLLECTION,
  FORMER_SLUGS_COLLECTION,
  HANDLES_COLLECTION,
  QUEUE_ITEMS_COLLECTION,
  ATTRIBUTION_DOMAINS_COLLECTION,
  SESSIONS_COLLECTION,
  STAFF_COLLECTION,
  USAGE_COLLECTION,
  USERS_COLLECTION,
  REQUESTS_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  WEBHOOK_MESSAGES_COLLECTION,
};

const PINNED: Record<string, string> = {
  CLAIMS_TABLE:
    'claims [id] id profileId:profile_id kind value key state createdAt:created_at updatedAt:updated_at releasedAt:released_at releasedReason:released_reason live:null',
  CLAIMS_COLLECTION:
    'claims [id] id:_id profileId:profile_id kind value key state createdAt:created_at updatedAt:updated_at releasedAt:released_at releasedReason:released_reason live',
  EVIDENCE_TABLE:
    'evidence [id] id claimId:claim_id method providerId:provider_id providerName:provider_name provenValue:proven_value subject verifiedAt:verified_at lastCheckedAt:last_checked_at by note nextCheckAt:next_check_at failingSince:failing_since lastFailure:last_failure endedAt:ended_at endedReason:ended_reason',
  EVIDENCE_COLLECTION:
    'evidence [id] id:_id claimId:claim_id method providerId:provider_id providerName:provider_name provenValue:proven_value subject verifiedAt:verified_at lastCheckedAt:last_checked_at by note nextCheckAt:next_check_at failingSince:failing_since lastFailure:last_failure endedAt:ended_at endedReason:ended_reason',
  ACCOUNTS_TABLE: 'accounts [id] id email status createdAt:created_at rateLimitPerMinute:rate_limit_per_minute',
  ACCOUNTS_COLLECTION: 'accounts [id] id:_id email status createdAt:created_at rateLimitPerMinute:rate_limit_per_minute',
  API_KEYS_TABLE:
    'api_keys [id] id key accountId:account_id name secretHash:secret_hash createdAt:created_at revokedAt:revoked_at retiresAt:retires_at lastUsedAt:last_used_at kind browserOrigins:browser_origins rateLimitPerMinute:rate_limit_per_minute',
  API_KEYS_COLLECTION:
    'apiKeys [id] id:_id key accountId:account_id name secretHash:secret_hash createdAt:created_at revokedAt:revoked_at retiresAt:retires_at lastUsedAt:last_used_at kind browserOrigins:browser_origins rateLimitPerMinute:rate_limit_per_minute',
  ARTICLES_TABLE:
    'articles [id] id profileId:profile_id canonicalUrl:canonical_url active publishedAt:published_at article:doc proven proof creditOrder:credit_order',
  ARTICLES_COLLECTION:
    'articles [id] id:_id profileId:profile_id canonicalUrl:canonical_url active publishedAt:published_at article proven proof creditOrder:credit_order',
  PROFILES_TABLE: 'profiles [id] id slug verified profile:doc pendingIdentity:pending_identity',
  PROFILES_COLLECTION: 'profiles [id] id:_id slug verified profile pendingIdentity:pending_identity',
  FORMER_SLUGS_TABLE: 'former_slugs [slug] slug profileId:profile_id leftAt:left_at',
  FORMER_SLUGS_COLLECTION: 'formerSlugs [slug] slug:_id profileId:profile_id leftAt:left_at',
  HANDLES_TABLE: 'social_handles [socialType,handleKey] socialType:social_type handleKey:handle_key profileId:profile_id',
  HANDLES_COLLECTION: 'handles [socialType,handleKey] socialType:social_type handleKey:handle_key profileId:profile_id',
  QUEUE_ITEMS_TABLE: 'queue_items [topic,key] topic key payload',
  QUEUE_ITEMS_COLLECTION: 'queueItems [topic,key] topic key payload',
  ATTRIBUTION_DOMAINS_TABLE: 'attribution_domains [profileId,domain] profileId:profile_id position domain',
  ATTRIBUTION_DOMAINS_COLLECTION: 'attributionDomains [profileId] profileId:_id domains updatedAt:updated_at',
  AUDIT_TABLE: 'verification_audit [id] id profileId:profile_id actor action note at',
  AUDIT_COLLECTION: 'audit [id] id:_id profileId:profile_id actor action note at',
  CLOSING_AUDIT_TABLE: 'verification_audit [id] id profileId:profile_id actor action note at closing:null',
  CLOSING_AUDIT_COLLECTION: 'audit [id] id:_id profileId:profile_id actor action note at closing',
  CREDENTIAL_KEYS_TABLE:
    'credential_keys [id] id successorOf:successor_of thumbprint publicJwk:public_jwk privateJwk:private_jwk createdAt:created_at publishUntil:publish_until',
  CREDENTIAL_KEYS_COLLECTION:
    'credentialKeys [id] id:_id successorOf:successor_of thumbprint publicJwk:public_jwk privateJwk:private_jwk createdAt:created_at publishUntil:publish_until',
  JOURNALIST_CREDENTIALS_TABLE:
    'journalist_credentials [profileId] profileId:profile_id claims change renderRevision:render_revision awaitingNote:awaiting_note slug issuedClaims:issued_claims statusEntry:status_entry jwt cose etag issuedAt:issued_at reissueAt:reissue_at',
  JOURNALIST_CREDENTIALS_COLLECTION:
    'journalistCredentials [profileId] profileId:_id claims change renderRevision:render_revision awaitingNote:awaiting_note slug issuedClaims:issued_claims statusEntry:status_entry jwt cose etag issuedAt:issued_at reissueAt:reissue_at',
  CREDENTIAL_STATUS_ENTRIES_TABLE: 'credential_status_entries [id] id list index:list_index revokedAt:revoked_at',
  CREDENTIAL_STATUS_ENTRIES_COLLECTION: 'credentialStatusEntries [id] id:_id list index revokedAt:revoked_at',
  CREDENTIAL_STATUS_LISTS_TABLE:
    'credential_status_lists [id] id revokedCount:revoked_count jwt cose etag publishedAt:published_at reissueAt:reissue_at',
  CREDENTIAL_STATUS_LISTS_COLLECTION:
    'credentialStatusLists [id] id:_id revokedCount:revoked_count jwt cose etag publishedAt:published_at reissueAt:reissue_at',
  PASSWORD_RESETS_TABLE:
    'portal_password_resets [tokenHash] tokenHash:token_hash userId:user_id createdAt:created_at expiresAt:expires_at usedAt:used_at',
  PASSWORD_RESETS_COLLECTION:
    'passwordResets [tokenHash] tokenHash:token_hash userId:user_id createdAt:created_at expiresAt:expires_at usedAt:used_at',
  EMAIL_CONFIRMATIONS_TABLE:
    'portal_email_confirmations [tokenHash] tokenHash:token_hash userId:user_id createdAt:created_at expiresAt:expires_at usedAt:used_at',
  EMAIL_CONFIRMATIONS_COLLECTION:
    'emailConfirmations [tokenHash] tokenHash:token_hash userId:user_id createdAt:created_at expiresAt:expires_at usedAt:used_at',
  PUBLISHERS_TABLE:
    'publishers [id] id slug name logoUrl:logo_url verifiedAt:verified_at verifiedBy:verified_by adminUserId:admin_user_id attribution trust createdAt:created_at updatedAt:updated_at',
  PUBLISHERS_COLLECTION:
    'publishers [id] id:_id slug name logoUrl:logo_url verifiedAt:verified_at verifiedBy:verified_by adminUserId:admin_user_id attribution trust createdAt:created_at updatedAt:updated_at',
  PUBLISHER_DOMAINS_TABLE:
    'publisher_domains [publisherId,domain] publisherId:publisher_id domain token state method provenAt:proven_at lastCheckedAt:last_checked_at failingSince:failing_since lastFailure:last_failure addedAt:added_at',
  PUBLISHER_DOMAINS_COLLECTION:
    'publisherDomains [domain] publisherId:publisher_id domain token state method provenAt:proven_at lastCheckedAt:last_checked_at failingSince:failing_since lastFailure:last_failure addedAt:added_at',
  PUBLISHER_EVENTS_TABLE: 'publisher_events [id] id publisherId:publisher_id actor action note at',
  PUBLISHER_EVENTS_COLLECTION: 'publisherEvents [id] id:_id publisherId:publisher_id actor action note at',
  SESSIONS_TABLE:
    'portal_sessions [tokenHash] tokenHash:token_hash userId:user_id csrfToken:csrf_token createdAt:created_at expiresAt:expires_at flash',
  SESSIONS_COLLECTION:
    'portalSessions [tokenHash] tokenHash:token_hash userId:user_id csrfToken:csrf_token createdAt:created_at expiresAt:expires_at flash',
  STAFF_TABLE:
    'publisher_staff [id] id publisherId:publisher_id profileId:profile_id invitedEmail:invited_email state invitedBy:invited_by invitedAt:invited_at acceptedAt:accepted_at endedAt:ended_at endedBy:ended_by endedReason:ended_reason openProfile:null openEmail:null',
  STAFF_COLLECTION:
    'publisherStaff [id] id:_id publisherId:publisher_id profileId:profile_id invitedEmail:invited_email state invitedBy:invited_by invitedAt:invited_at acceptedAt:accepted_at endedAt:ended_at endedBy:ended_by endedReason:ended_reason openProfile:open_profile openEmail:open_email',
  USAGE_TABLE: 'api_key_usage [key,day] key day count',
  USAGE_COLLECTION: 'usage [key,day] key day count',
  USERS_TABLE:
    'portal_users [id] id email passwordHash:password_hash role profileId:profile_id createdAt:created_at mustChangePassword:must_change_password temporaryPasswordExpiresAt:temporary_password_expires_at emailVerifiedAt:email_verified_at signInAwaitsProof:sign_in_awaits_proof',
  USERS_COLLECTION:
    'portalUsers [id] id:_id email passwordHash:password_hash role profileId:profile_id createdAt:created_at mustChangePassword:must_change_password temporaryPasswordExpiresAt:temporary_password_expires_at emailVerifiedAt:email_verified_at signInAwaitsProof:sign_in_awaits_proof',
  REQUESTS_TABLE:
    'verification_requests [id] id profileId:profile_id requestedBy:requested_by requestedAt:requested_at status openFor:null',
  REQUESTS_COLLECTION:
    'verificationRequests [id] id:_id profileId:profile_id requestedBy:requested_by requestedAt:requested_at status openFor:open_for',
  WEBHOOK_ENDPOINTS_TABLE:
    'webhook_endpoints [id] id email url events secret previousSecret:previous_secret previousSecretExpiresAt:previous_secret_expires_at enabled failingSince:failing_since disabledReason:disabled_reason createdAt:created_at',
  WEBHOOK_ENDPOINTS_COLLECTION:
    'webhookEndpoints [id] id:_id email url events secret previousSecret:previous_secret previousSecretExpiresAt:previous_secret_expires_at enabled failingSince:failing_since disabledReason:disabled_reason createdAt:created_at',
  WEBHOOK_MESSAGES_TABLE:
    'webhook_messages [id] id endpointId:endpoint_id eventId:event_id type body createdAt:created_at state attemptCount:attempt_count attempts',
  WEBHOOK_MESSAGES_COLLECTION:
    'webhookMessages [id] id:_id endpointId:endpoint_id eventId:event_id type body createdAt:created_at state attemptCount:attempt_count attempts',
};

describe('the generic documents’ stored names', () => {
  it.each(Object.entries(TABLES))('%s names the columns it always has', (name, table) => {
    expect(line(table, table.columns)).toBe(PINNED[name]);
  });

  it.each(Object.entries(COLLECTIONS))('%s names the fields it always has', (name, collection) => {
    expect(line(collection, collection.fields)).toBe(PINNED[name]);
  });

  it('pins every descriptor it reads', () => {
    expect(Object.keys(PINNED).sort()).toEqual([...Object.keys(TABLES), ...Object.keys(COLLECTIONS)].sort());
  });
});
