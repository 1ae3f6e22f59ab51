import { BLUESKY_VERIFICATIONS_TABLE } from '@byline/store-sqlite/bluesky-verification/sqlite-bluesky-verifications-table';
import {
  CREDENTIAL_STATUS_ENTRIES_TABLE,
  CREDENTIAL_STATUS_LISTS_TABLE,
  JOURNALIST_CREDENTIALS_TABLE,
} from '@byline/store-sqlite/credentials/sqlite-journalist-credentials-tables';
import { SqliteClaims } from '@byline/store-sqlite/claims/sqlite-claims';
import { AUDIT_TABLE } from '@byline/store-sqlite/audit/sqlite-audit-history';
import type { SqliteDatabase } from '@byline/store-sqlite/store/sqlite-database';
import { SqliteProfiles } from '@byline/store-sqlite/profiles/sqlite-profiles';
import { ARTICLES_TABLE, SqliteStoredArticles } from '@byline/store-sqlite/articles/sqlite-articles';
import { PROFILES_TABLE } from '@byline/store-sqlite/profiles/sqlite-profiles-table';
import { CLAIMS_TABLE, EVIDENCE_TABLE } from '@byline/store-sqlite/claims/sqlite-claim-tables';
import { SqliteDirectory } from '@byline/store-sqlite/directory/sqlite-directory';
import { SqliteStoredStaff } from '@byline/store-sqlite/staff/sqlite-staff';
import { STAFF_TABLE } from '@byline/store-sqlite/staff/sqlite-staff-tables';
import { PUBLISHERS_TABLE } from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import { SqliteStoredVerification } from '@byline/store-sqlite/verification/sqlite-verification';
import { REQUESTS_TABLE, CLOSING_AUDIT_TABLE } from '@byline/store-sqlite/verification/sqlite-verification-tables';
import { SqliteRecheckRecords } from '@byline/store-sqlite/recheck/sqlite-recheck-records';
import { WEBHOOK_ENDPOINTS_TABLE, WEBHOOK_MESSAGES_TABLE } from '@byline/store-sqlite/webhooks/sqlite-webhook-tables';
import type { UserDocument } from '@byline/domain/users/document-users';
import { SqliteDocuments, type SqliteTable } from '@byline/store-sqlite/documents/sqlite-documents';
import { USERS_TABLE } from '@byline/store-sqlite/users/sqlite-users-table';
import { SESSIONS_TABLE } from '@byline/store-sqlite/sessions/sqlite-sessions';
import { EMAIL_CONFIRMATIONS_TABLE, PASSWORD_RESETS_TABLE } from '@byline/store-sqlite/one-time-links/sqlite-one-time-links';
import { ATTRIBUTION_DOMAINS_TABLE } from '@byline/store-sqlite/attribution-domains/sqlite-attribution-domains';
import { AttributionDomainsByDomain } from '@byline/domain/attribution-domains/document-attribution-domains';
import { SqliteUnitOfWrite } from '@byline/store-sqlite/documents/sqlite-unit-of-write';
import { CREDENTIAL_KEYS_TABLE } from '@byline/store-sqlite/credentials/sqlite-credential-keys-table';
import type { DatabaseAdapters } from './resource-wiring';

/** The SQLite tables and hand-kept adapters every resource is built over (see repositoriesOver). */
export function sqliteAdapters(database: SqliteDatabase): DatabaseAdapters {
  const documents = <D, New = D>(table: SqliteTable<D>) => new SqliteDocuments<D, New>(database, table);
  return {
    profiles: () => new SqliteProfiles(database),
    profileDocuments: () => documents(PROFILES_TABLE),
    articles: () => documents(ARTICLES_TABLE),
    storedArticles: () => new SqliteStoredArticles(database),
    verificationRequests: () => documents(REQUESTS_TABLE),
    closingAudit: () => documents(CLOSING_AUDIT_TABLE),
    storedVerification: () => new SqliteStoredVerification(database),
    claims: () => new SqliteClaims(database),
    audit: () => documents(AUDIT_TABLE),
    recheckReads: () => ({
      claims: documents(CLAIMS_TABLE),
      evidence: documents(EVIDENCE_TABLE),
      history: documents(AUDIT_TABLE),
      profiles: documents(PROFILES_TABLE),
    }),
    storedRecheckRecords: () => new SqliteRecheckRecords(database),
    directorySearch: () => new SqliteDirectory(database),
    directoryReads: () => ({
      profiles: documents(PROFILES_TABLE),
      claims: documents(CLAIMS_TABLE),
      articles: documents(ARTICLES_TABLE),
    }),
    staff: () => documents(STAFF_TABLE),
    publishers: () => documents(PUBLISHERS_TABLE),
    storedStaff: () => new SqliteStoredStaff(database),
    users: () => documents<UserDocument, Omit<UserDocument, 'id'>>(USERS_TABLE),
    sessions: () => documents(SESSIONS_TABLE),
    passwordResets: () => documents(PASSWORD_RESETS_TABLE),
    emailConfirmations: () => documents(EMAIL_CONFIRMATIONS_TABLE),
    attributionDomains: () =>
      new AttributionDomainsByDomain(documents(ATTRIBUTION_DOMAINS_TABLE), new SqliteUnitOfWrite(database)),
    credentialKeys: () => documents(CREDENTIAL_KEYS_TABLE),
    journalistCredentials: () => ({
      credentials: documents(JOURNALIST_CREDENTIALS_TABLE),
      statusEntries: documents(CREDENTIAL_STATUS_ENTRIES_TABLE),
      statusLists: documents(CREDENTIAL_STATUS_LISTS_TABLE),
    }),
    blueskyVerifications: () => documents(BLUESKY_VERIFICATIONS_TABLE),
    webhookEndpoints: () => documents(WEBHOOK_ENDPOINTS_TABLE),
    webhookMessages: () => documents(WEBHOOK_MESSAGES_TABLE),
  };
}
