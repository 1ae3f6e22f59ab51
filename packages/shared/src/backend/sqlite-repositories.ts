import { SqliteClaims } from '../claims/sqlite-claims';
import { SqliteAuditHistory } from '../audit/sqlite-audit-history';
import type { SqliteDatabase } from '../database/sqlite-database';
import { SqliteProfiles } from '../profiles/sqlite-profiles';
import { SqliteArticles } from '../articles/sqlite-articles';
import { SqliteVerification } from '../verification/sqlite-verification';
import { SqlitePasswordResets } from '../password-resets/sqlite-password-resets';
import { SqliteSessions } from '../sessions/sqlite-sessions';
import { SqliteUsers } from '../users/sqlite-users';
import { SqliteLeasedQueue } from '../queue/sqlite-leased-queue';
import { SqliteRecheckRecords } from '../recheck/sqlite-recheck-records';
import { QueuedProofAttempts } from '../proofs/queued-proof-attempts';
import type { Repositories } from './backend';
import { SqliteApiAccounts } from '../api-accounts/sqlite-api-accounts';
import { SqliteUsageRecords } from '../usage/sqlite-usage-records';
import { lazily, type Closeable } from './lazily';

/** The SQLite adapter of every resource, on the store's database (registered here once, see Repositories). */
export function sqliteRepositories(database: SqliteDatabase, opened: Closeable[]): Repositories {
  const repositories: Repositories = lazily<Repositories>(opened, {
    profiles: () => new SqliteProfiles(database),
    articles: () => new SqliteArticles(database),
    verification: () => new SqliteVerification(database),
    claims: () => new SqliteClaims(database),
    users: () => new SqliteUsers(database),
    sessions: () => new SqliteSessions(database),
    passwordResets: () => new SqlitePasswordResets(database),
    audit: () => new SqliteAuditHistory(database),
    queue: () => new SqliteLeasedQueue(database),
    recheckRecords: () => new SqliteRecheckRecords(database),
    proofAttempts: () => new QueuedProofAttempts(repositories.queue),
    apiAccounts: () => new SqliteApiAccounts(database),
    usage: () => new SqliteUsageRecords(database),
  });
  return repositories;
}
