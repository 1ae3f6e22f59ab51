import { MongoClaims } from '../claims/mongo-claims';
import { MongoAuditHistory } from '../audit/mongo-audit-history';
import type { MongoDatabase } from '../database/mongo-database';
import { MongoProfiles } from '../profiles/mongo-profiles';
import { MongoArticles } from '../articles/mongo-articles';
import { MongoVerification } from '../verification/mongo-verification';
import { MongoPasswordResets } from '../password-resets/mongo-password-resets';
import { MongoSessions } from '../sessions/mongo-sessions';
import { MongoUsers } from '../users/mongo-users';
import { MongoLeasedQueue } from '../queue/mongo-leased-queue';
import { MongoRecheckRecords } from '../recheck/mongo-recheck-records';
import { QueuedProofAttempts } from '../proofs/queued-proof-attempts';
import type { Repositories } from './backend';
import { MongoApiAccounts } from '../api-accounts/mongo-api-accounts';
import { MongoUsageRecords } from '../usage/mongo-usage-records';
import { lazily, type Closeable } from './lazily';

/** The MongoDB adapter of every resource, on the store's database and client (registered here once, see Repositories). */
export function mongoRepositories(database: MongoDatabase, opened: Closeable[]): Repositories {
  const repositories: Repositories = lazily<Repositories>(opened, {
    profiles: () => new MongoProfiles(database),
    articles: () => new MongoArticles(database),
    verification: () => new MongoVerification(database),
    claims: () => new MongoClaims(database),
    users: () => new MongoUsers(database),
    sessions: () => new MongoSessions(database),
    passwordResets: () => new MongoPasswordResets(database),
    audit: () => new MongoAuditHistory(database),
    queue: () => new MongoLeasedQueue(database),
    recheckRecords: () => new MongoRecheckRecords(database),
    proofAttempts: () => new QueuedProofAttempts(repositories.queue),
    apiAccounts: () => new MongoApiAccounts(database),
    usage: () => new MongoUsageRecords(database),
  });
  return repositories;
}
