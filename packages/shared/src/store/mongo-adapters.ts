import { BLUESKY_VERIFICATIONS_COLLECTION } from '@byline/store-mongodb/bluesky-verification/mongo-bluesky-verifications-collection';
import {
  CREDENTIAL_STATUS_ENTRIES_COLLECTION,
  CREDENTIAL_STATUS_LISTS_COLLECTION,
  JOURNALIST_CREDENTIALS_COLLECTION,
} from '@byline/store-mongodb/credentials/mongo-journalist-credentials-collections';
import { MongoClaims } from '@byline/store-mongodb/claims/mongo-claims';
import { AUDIT_COLLECTION } from '@byline/store-mongodb/audit/mongo-audit-history';
import type { MongoDatabase } from '@byline/store-mongodb/store/mongo-database';
import { MongoProfiles } from '@byline/store-mongodb/profiles/mongo-profiles';
import { ARTICLES_COLLECTION, MongoStoredArticles } from '@byline/store-mongodb/articles/mongo-articles';
import { PROFILES_COLLECTION } from '@byline/store-mongodb/profiles/mongo-profiles-collection';
import { CLAIMS_COLLECTION, EVIDENCE_COLLECTION } from '@byline/store-mongodb/claims/mongo-claim-collections';
import { MongoDirectory } from '@byline/store-mongodb/directory/mongo-directory';
import { MongoStoredStaff } from '@byline/store-mongodb/staff/mongo-staff';
import { STAFF_COLLECTION } from '@byline/store-mongodb/staff/mongo-staff-collections';
import { PUBLISHERS_COLLECTION } from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import { MongoStoredVerification } from '@byline/store-mongodb/verification/mongo-verification';
import { REQUESTS_COLLECTION, CLOSING_AUDIT_COLLECTION } from '@byline/store-mongodb/verification/mongo-verification-collections';
import { MongoRecheckRecords } from '@byline/store-mongodb/recheck/mongo-recheck-records';
import {
  WEBHOOK_ENDPOINTS_COLLECTION,
  WEBHOOK_MESSAGES_COLLECTION,
} from '@byline/store-mongodb/webhooks/mongo-webhook-collections';
import type { UserDocument } from '@byline/domain/users/document-users';
import { MongoDocuments, type MongoCollection } from '@byline/store-mongodb/documents/mongo-documents';
import { USERS_COLLECTION } from '@byline/store-mongodb/users/mongo-users-collection';
import { SESSIONS_COLLECTION } from '@byline/store-mongodb/sessions/mongo-sessions';
import {
  EMAIL_CONFIRMATIONS_COLLECTION,
  PASSWORD_RESETS_COLLECTION,
} from '@byline/store-mongodb/one-time-links/mongo-one-time-links';
import { ATTRIBUTION_DOMAINS_COLLECTION } from '@byline/store-mongodb/attribution-domains/mongo-attribution-domains';
import { AttributionDomainsByProfile } from '@byline/domain/attribution-domains/document-attribution-domains';
import { CREDENTIAL_KEYS_COLLECTION } from '@byline/store-mongodb/credentials/mongo-credential-keys-collection';
import type { DatabaseAdapters } from './resource-wiring';

/** The MongoDB collections and hand-kept adapters every resource is built over (see repositoriesOver). */
export function mongoAdapters(database: MongoDatabase): DatabaseAdapters {
  const documents = <D, New = D>(collection: MongoCollection<D>) => new MongoDocuments<D, New>(database, collection);
  return {
    profiles: () => new MongoProfiles(database),
    profileDocuments: () => documents(PROFILES_COLLECTION),
    articles: () => documents(ARTICLES_COLLECTION),
    storedArticles: () => new MongoStoredArticles(database),
    verificationRequests: () => documents(REQUESTS_COLLECTION),
    closingAudit: () => documents(CLOSING_AUDIT_COLLECTION),
    storedVerification: () => new MongoStoredVerification(database),
    claims: () => new MongoClaims(database),
    audit: () => documents(AUDIT_COLLECTION),
    recheckReads: () => ({
      claims: documents(CLAIMS_COLLECTION),
      evidence: documents(EVIDENCE_COLLECTION),
      history: documents(AUDIT_COLLECTION),
      profiles: documents(PROFILES_COLLECTION),
    }),
    storedRecheckRecords: () => new MongoRecheckRecords(database),
    directorySearch: () => new MongoDirectory(database),
    directoryReads: () => ({
      profiles: documents(PROFILES_COLLECTION),
      claims: documents(CLAIMS_COLLECTION),
      articles: documents(ARTICLES_COLLECTION),
    }),
    staff: () => documents(STAFF_COLLECTION),
    publishers: () => documents(PUBLISHERS_COLLECTION),
    storedStaff: () => new MongoStoredStaff(database),
    users: () => documents<UserDocument, Omit<UserDocument, 'id'>>(USERS_COLLECTION),
    sessions: () => documents(SESSIONS_COLLECTION),
    passwordResets: () => documents(PASSWORD_RESETS_COLLECTION),
    emailConfirmations: () => documents(EMAIL_CONFIRMATIONS_COLLECTION),
    attributionDomains: () => new AttributionDomainsByProfile(documents(ATTRIBUTION_DOMAINS_COLLECTION)),
    credentialKeys: () => documents(CREDENTIAL_KEYS_COLLECTION),
    journalistCredentials: () => ({
      credentials: documents(JOURNALIST_CREDENTIALS_COLLECTION),
      statusEntries: documents(CREDENTIAL_STATUS_ENTRIES_COLLECTION),
      statusLists: documents(CREDENTIAL_STATUS_LISTS_COLLECTION),
    }),
    blueskyVerifications: () => documents(BLUESKY_VERIFICATIONS_COLLECTION),
    webhookEndpoints: () => documents(WEBHOOK_ENDPOINTS_COLLECTION),
    webhookMessages: () => documents(WEBHOOK_MESSAGES_COLLECTION),
  };
}
