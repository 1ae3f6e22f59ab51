import { BLUESKY_VERIFICATIONS_COLLECTION } from '@byline/store-mongodb/bluesky-verification/mongo-bluesky-verifications-collection';
import {
  CREDENTIAL_STATUS_ENTRIES_COLLECTION,
  CREDENTIAL_STATUS_LISTS_COLLECTION,
  JOURNALIST_CREDENTIALS_COLLECTION,
} from '@byline/store-mongodb/credentials/mongo-journalist-credentials-collections';
import { MongoClaims } from '@byline/store-mongodb/claims/mongo-claims';
import { DocumentWebhooks } from '@byline/domain/webhooks/document-webhooks';
import { verificationOver } from '@byline/domain/verification/verification';
import { staffOver } from '@byline/domain/staff/staff';
import { profilesOver } from '@byline/domain/profiles/profiles';
import { DocumentAuditHistory } from '@byline/domain/audit/document-audit-history';
import { AUDIT_COLLECTION } from '@byline/store-mongodb/audit/mongo-audit-history';
import type { MongoDatabase } from '@byline/store-mongodb/store/mongo-database';
import { MongoProfiles } from '@byline/store-mongodb/profiles/mongo-profiles';
import { ARTICLES_COLLECTION, MongoStoredArticles } from '@byline/store-mongodb/articles/mongo-articles';
import { DocumentArticles } from '@byline/domain/articles/article-documents';
import { articlesOver } from '@byline/domain/articles/articles';
import { directoryOver } from '@byline/domain/directory/directory-over';
import { storedDirectoryOver } from '@byline/domain/directory/shared-records';
import { PROFILES_COLLECTION } from '@byline/store-mongodb/profiles/mongo-profiles-collection';
import { CLAIMS_COLLECTION, EVIDENCE_COLLECTION } from '@byline/store-mongodb/claims/mongo-claim-collections';
import { MongoDirectory } from '@byline/store-mongodb/directory/mongo-directory';
import { MongoStoredStaff } from '@byline/store-mongodb/staff/mongo-staff';
import { STAFF_COLLECTION } from '@byline/store-mongodb/staff/mongo-staff-collections';
import { PUBLISHERS_COLLECTION } from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import { DocumentStaff } from '@byline/domain/staff/document-staff';
import { MongoStoredVerification } from '@byline/store-mongodb/verification/mongo-verification';
import { REQUESTS_COLLECTION, CLOSING_AUDIT_COLLECTION } from '@byline/store-mongodb/verification/mongo-verification-collections';
import { DocumentVerification } from '@byline/domain/verification/document-verification';
import { recheckRecordsOver } from '@byline/domain/recheck/recheck-records-over';
import { DocumentRecheckRecords } from '@byline/domain/recheck/document-recheck-records';
import { MongoRecheckRecords } from '@byline/store-mongodb/recheck/mongo-recheck-records';
import {
  WEBHOOK_ENDPOINTS_COLLECTION,
  WEBHOOK_MESSAGES_COLLECTION,
} from '@byline/store-mongodb/webhooks/mongo-webhook-collections';
import { DocumentUsers, type UserDocument } from '@byline/domain/users/document-users';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import { USERS_COLLECTION } from '@byline/store-mongodb/users/mongo-users-collection';
import { DocumentSessions } from '@byline/domain/sessions/document-sessions';
import { SESSIONS_COLLECTION } from '@byline/store-mongodb/sessions/mongo-sessions';
import { DocumentOneTimeLinks } from '@byline/domain/one-time-links/document-one-time-links';
import {
  EMAIL_CONFIRMATIONS_COLLECTION,
  PASSWORD_RESETS_COLLECTION,
} from '@byline/store-mongodb/one-time-links/mongo-one-time-links';
import { ATTRIBUTION_DOMAINS_COLLECTION } from '@byline/store-mongodb/attribution-domains/mongo-attribution-domains';
import { AttributionDomainsByProfile } from '@byline/domain/attribution-domains/document-attribution-domains';
import { QueuedProofAttempts } from '@byline/domain/proofs/queued-proof-attempts';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { CredentialKeys } from '@byline/domain/credentials/credential-keys';
import { CREDENTIAL_KEYS_COLLECTION } from '@byline/store-mongodb/credentials/mongo-credential-keys-collection';
import type { ResourceRepositories } from './store-repositories';
import { lazily, servedByOne, type Closeable } from './lazily';
import { PROFILE_PORTS, WEBHOOK_PORTS } from './store-repositories';

/** The MongoDB adapter of every resource, on the store's database and client (registered here once, see Repositories). */
export function mongoRepositories(database: MongoDatabase, queue: () => LeasedQueue, opened: Closeable[]): ResourceRepositories {
  const users = new MongoDocuments<UserDocument, Omit<UserDocument, 'id'>>(database, USERS_COLLECTION);
  // What a user's removal ends before the user, in that order (see DocumentUsers.remove).
  const endedWithUser = () => [repositories.sessions, repositories.passwordResets, repositories.emailConfirmations];
  const repositories: ResourceRepositories = lazily<ResourceRepositories>(opened, {
    ...servedByOne(PROFILE_PORTS, () => profilesOver(new MongoProfiles(database))),
    articles: () =>
      articlesOver(new DocumentArticles(new MongoDocuments(database, ARTICLES_COLLECTION), new MongoStoredArticles(database))),
    verification: () =>
      verificationOver(
        new DocumentVerification(
          new MongoDocuments(database, REQUESTS_COLLECTION),
          new MongoDocuments(database, CLOSING_AUDIT_COLLECTION),
          new MongoDocuments(database, PROFILES_COLLECTION),
          new MongoStoredVerification(database),
        ),
      ),
    claims: () => new MongoClaims(database),
    audit: () => new DocumentAuditHistory(new MongoDocuments(database, AUDIT_COLLECTION)),
    recheckRecords: () =>
      recheckRecordsOver(
        new DocumentRecheckRecords(
          new MongoDocuments(database, REQUESTS_COLLECTION),
          {
            claims: new MongoDocuments(database, CLAIMS_COLLECTION),
            evidence: new MongoDocuments(database, EVIDENCE_COLLECTION),
            history: new MongoDocuments(database, AUDIT_COLLECTION),
            profiles: new MongoDocuments(database, PROFILES_COLLECTION),
          },
          new MongoRecheckRecords(database),
        ),
      ),
    directory: () =>
      directoryOver(
        storedDirectoryOver(new MongoDirectory(database), {
          profiles: new MongoDocuments(database, PROFILES_COLLECTION),
          claims: new MongoDocuments(database, CLAIMS_COLLECTION),
          articles: new MongoDocuments(database, ARTICLES_COLLECTION),
        }),
      ),
    staff: () =>
      staffOver(
        new DocumentStaff(
          new MongoDocuments(database, STAFF_COLLECTION),
          new MongoDocuments(database, PUBLISHERS_COLLECTION),
          new MongoStoredStaff(database),
        ),
      ),
    users: () => new DocumentUsers(users, endedWithUser),
    sessions: () => new DocumentSessions(new MongoDocuments(database, SESSIONS_COLLECTION), users),
    passwordResets: () => new DocumentOneTimeLinks(new MongoDocuments(database, PASSWORD_RESETS_COLLECTION)),
    emailConfirmations: () => new DocumentOneTimeLinks(new MongoDocuments(database, EMAIL_CONFIRMATIONS_COLLECTION)),
    proofAttempts: () => new QueuedProofAttempts(queue()),
    attributionDomains: () => new AttributionDomainsByProfile(new MongoDocuments(database, ATTRIBUTION_DOMAINS_COLLECTION)),
    credentialKeys: () => new CredentialKeys(new MongoDocuments(database, CREDENTIAL_KEYS_COLLECTION)),
    journalistCredentials: () => ({
      credentials: new MongoDocuments(database, JOURNALIST_CREDENTIALS_COLLECTION),
      statusEntries: new MongoDocuments(database, CREDENTIAL_STATUS_ENTRIES_COLLECTION),
      statusLists: new MongoDocuments(database, CREDENTIAL_STATUS_LISTS_COLLECTION),
      keys: repositories.credentialKeys,
    }),
    blueskyVerifications: () => new MongoDocuments(database, BLUESKY_VERIFICATIONS_COLLECTION),
    ...servedByOne(
      WEBHOOK_PORTS,
      () =>
        new DocumentWebhooks(
          new MongoDocuments(database, WEBHOOK_ENDPOINTS_COLLECTION),
          new MongoDocuments(database, WEBHOOK_MESSAGES_COLLECTION),
          () => repositories.profiles,
        ),
    ),
  });
  return repositories;
}
