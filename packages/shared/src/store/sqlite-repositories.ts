import { BLUESKY_VERIFICATIONS_TABLE } from '@byline/store-sqlite/bluesky-verification/sqlite-bluesky-verifications-table';
import {
  CREDENTIAL_STATUS_ENTRIES_TABLE,
  CREDENTIAL_STATUS_LISTS_TABLE,
  JOURNALIST_CREDENTIALS_TABLE,
} from '@byline/store-sqlite/credentials/sqlite-journalist-credentials-tables';
import { SqliteClaims } from '@byline/store-sqlite/claims/sqlite-claims';
import { DocumentWebhooks } from '@byline/domain/webhooks/document-webhooks';
import { verificationOver } from '@byline/domain/verification/verification';
import { staffOver } from '@byline/domain/staff/staff';
import { profilesOver } from '@byline/domain/profiles/profiles';
import { DocumentAuditHistory } from '@byline/domain/audit/document-audit-history';
import { AUDIT_TABLE } from '@byline/store-sqlite/audit/sqlite-audit-history';
import type { SqliteDatabase } from '@byline/store-sqlite/store/sqlite-database';
import { SqliteProfiles } from '@byline/store-sqlite/profiles/sqlite-profiles';
import { ARTICLES_TABLE, SqliteStoredArticles } from '@byline/store-sqlite/articles/sqlite-articles';
import { DocumentArticles } from '@byline/domain/articles/article-documents';
import { articlesOver } from '@byline/domain/articles/articles';
import { directoryOver } from '@byline/domain/directory/directory-over';
import { storedDirectoryOver } from '@byline/domain/directory/shared-records';
import { PROFILES_TABLE } from '@byline/store-sqlite/profiles/sqlite-profiles-table';
import { CLAIMS_TABLE, EVIDENCE_TABLE } from '@byline/store-sqlite/claims/sqlite-claim-tables';
import { SqliteDirectory } from '@byline/store-sqlite/directory/sqlite-directory';
import { SqliteStoredStaff } from '@byline/store-sqlite/staff/sqlite-staff';
import { STAFF_TABLE } from '@byline/store-sqlite/staff/sqlite-staff-tables';
import { PUBLISHERS_TABLE } from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import { DocumentStaff } from '@byline/domain/staff/document-staff';
import { SqliteStoredVerification } from '@byline/store-sqlite/verification/sqlite-verification';
import { REQUESTS_TABLE, CLOSING_AUDIT_TABLE } from '@byline/store-sqlite/verification/sqlite-verification-tables';
import { DocumentVerification } from '@byline/domain/verification/document-verification';
import { recheckRecordsOver } from '@byline/domain/recheck/recheck-records-over';
import { DocumentRecheckRecords } from '@byline/domain/recheck/document-recheck-records';
import { SqliteRecheckRecords } from '@byline/store-sqlite/recheck/sqlite-recheck-records';
import { WEBHOOK_ENDPOINTS_TABLE, WEBHOOK_MESSAGES_TABLE } from '@byline/store-sqlite/webhooks/sqlite-webhook-tables';
import { DocumentUsers, type UserDocument } from '@byline/domain/users/document-users';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import { USERS_TABLE } from '@byline/store-sqlite/users/sqlite-users-table';
import { DocumentSessions } from '@byline/domain/sessions/document-sessions';
import { SESSIONS_TABLE } from '@byline/store-sqlite/sessions/sqlite-sessions';
import { DocumentOneTimeLinks } from '@byline/domain/one-time-links/document-one-time-links';
import { EMAIL_CONFIRMATIONS_TABLE, PASSWORD_RESETS_TABLE } from '@byline/store-sqlite/one-time-links/sqlite-one-time-links';
import { ATTRIBUTION_DOMAINS_TABLE } from '@byline/store-sqlite/attribution-domains/sqlite-attribution-domains';
import { AttributionDomainsByDomain } from '@byline/domain/attribution-domains/document-attribution-domains';
import { SqliteUnitOfWrite } from '@byline/store-sqlite/documents/sqlite-unit-of-write';
import { QueuedProofAttempts } from '@byline/domain/proofs/queued-proof-attempts';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { CredentialKeys } from '@byline/domain/credentials/credential-keys';
import { CREDENTIAL_KEYS_TABLE } from '@byline/store-sqlite/credentials/sqlite-credential-keys-table';
import type { ResourceRepositories } from './store-repositories';
import { lazily, servedByOne, type Closeable } from './lazily';
import { PROFILE_PORTS, WEBHOOK_PORTS } from './store-repositories';

/** The SQLite adapter of every resource, on the store's database (registered here once, see Repositories). */
export function sqliteRepositories(
  database: SqliteDatabase,
  queue: () => LeasedQueue,
  opened: Closeable[],
): ResourceRepositories {
  const users = new SqliteDocuments<UserDocument, Omit<UserDocument, 'id'>>(database, USERS_TABLE);
  // What a user's removal ends before the user, in that order (see DocumentUsers.remove).
  const endedWithUser = () => [repositories.sessions, repositories.passwordResets, repositories.emailConfirmations];
  const repositories: ResourceRepositories = lazily<ResourceRepositories>(opened, {
    ...servedByOne(PROFILE_PORTS, () => profilesOver(new SqliteProfiles(database))),
    articles: () =>
      articlesOver(new DocumentArticles(new SqliteDocuments(database, ARTICLES_TABLE), new SqliteStoredArticles(database))),
    verification: () =>
      verificationOver(
        new DocumentVerification(
          new SqliteDocuments(database, REQUESTS_TABLE),
          new SqliteDocuments(database, CLOSING_AUDIT_TABLE),
          new SqliteDocuments(database, PROFILES_TABLE),
          new SqliteStoredVerification(database),
        ),
      ),
    claims: () => new SqliteClaims(database),
    audit: () => new DocumentAuditHistory(new SqliteDocuments(database, AUDIT_TABLE)),
    recheckRecords: () =>
      recheckRecordsOver(
        new DocumentRecheckRecords(
          new SqliteDocuments(database, REQUESTS_TABLE),
          {
            claims: new SqliteDocuments(database, CLAIMS_TABLE),
            evidence: new SqliteDocuments(database, EVIDENCE_TABLE),
            history: new SqliteDocuments(database, AUDIT_TABLE),
            profiles: new SqliteDocuments(database, PROFILES_TABLE),
          },
          new SqliteRecheckRecords(database),
        ),
      ),
    directory: () =>
      directoryOver(
        storedDirectoryOver(new SqliteDirectory(database), {
          profiles: new SqliteDocuments(database, PROFILES_TABLE),
          claims: new SqliteDocuments(database, CLAIMS_TABLE),
          articles: new SqliteDocuments(database, ARTICLES_TABLE),
        }),
      ),
    staff: () =>
      staffOver(
        new DocumentStaff(
          new SqliteDocuments(database, STAFF_TABLE),
          new SqliteDocuments(database, PUBLISHERS_TABLE),
          new SqliteStoredStaff(database),
        ),
      ),
    users: () => new DocumentUsers(users, endedWithUser),
    sessions: () => new DocumentSessions(new SqliteDocuments(database, SESSIONS_TABLE), users),
    passwordResets: () => new DocumentOneTimeLinks(new SqliteDocuments(database, PASSWORD_RESETS_TABLE)),
    emailConfirmations: () => new DocumentOneTimeLinks(new SqliteDocuments(database, EMAIL_CONFIRMATIONS_TABLE)),
    proofAttempts: () => new QueuedProofAttempts(queue()),
    attributionDomains: () =>
      new AttributionDomainsByDomain(new SqliteDocuments(database, ATTRIBUTION_DOMAINS_TABLE), new SqliteUnitOfWrite(database)),
    credentialKeys: () => new CredentialKeys(new SqliteDocuments(database, CREDENTIAL_KEYS_TABLE)),
    journalistCredentials: () => ({
      credentials: new SqliteDocuments(database, JOURNALIST_CREDENTIALS_TABLE),
      statusEntries: new SqliteDocuments(database, CREDENTIAL_STATUS_ENTRIES_TABLE),
      statusLists: new SqliteDocuments(database, CREDENTIAL_STATUS_LISTS_TABLE),
      keys: repositories.credentialKeys,
    }),
    blueskyVerifications: () => new SqliteDocuments(database, BLUESKY_VERIFICATIONS_TABLE),
    ...servedByOne(
      WEBHOOK_PORTS,
      () =>
        new DocumentWebhooks(
          new SqliteDocuments(database, WEBHOOK_ENDPOINTS_TABLE),
          new SqliteDocuments(database, WEBHOOK_MESSAGES_TABLE),
          () => repositories.profiles,
        ),
    ),
  });
  return repositories;
}
