import { lazily, type Closeable } from '@byline/shared/storage';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { SqliteDatabase } from '@byline/store-sqlite/database/sqlite-database';
import { SqliteAttributionDomains } from '@byline/store-sqlite/attribution-domains/sqlite-attribution-domains';
import { SqliteEmailConfirmations } from '@byline/store-sqlite/email-confirmations/sqlite-email-confirmations';
import { SqlitePasswordResets } from '@byline/store-sqlite/password-resets/sqlite-password-resets';
import { QueuedProofAttempts } from '@byline/domain/proofs/queued-proof-attempts';
import { SqliteSessions } from '@byline/store-sqlite/sessions/sqlite-sessions';
import { SqliteUsers } from '@byline/store-sqlite/users/sqlite-users';
import type { EditorialRepositories } from './editorial-backend';

/** The SQLite adapter of every editorial resource, on the store's database (see EditorialRepositories). */
export function sqliteEditorialRepositories(
  database: SqliteDatabase,
  queue: LeasedQueue,
  opened: Closeable[],
): EditorialRepositories {
  return lazily<EditorialRepositories>(opened, {
    users: () => new SqliteUsers(database),
    sessions: () => new SqliteSessions(database),
    passwordResets: () => new SqlitePasswordResets(database),
    emailConfirmations: () => new SqliteEmailConfirmations(database),
    proofAttempts: () => new QueuedProofAttempts(queue),
    attributionDomains: () => new SqliteAttributionDomains(database),
  });
}
