import { lazily, type Closeable } from '@byline/shared/storage';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { MongoDatabase } from '@byline/store-mongodb/database/mongo-database';
import { MongoAttributionDomains } from '@byline/store-mongodb/attribution-domains/mongo-attribution-domains';
import { MongoEmailConfirmations } from '@byline/store-mongodb/email-confirmations/mongo-email-confirmations';
import { MongoPasswordResets } from '@byline/store-mongodb/password-resets/mongo-password-resets';
import { QueuedProofAttempts } from '@byline/domain/proofs/queued-proof-attempts';
import { MongoSessions } from '@byline/store-mongodb/sessions/mongo-sessions';
import { MongoUsers } from '@byline/store-mongodb/users/mongo-users';
import type { EditorialRepositories } from './editorial-backend';

/** The MongoDB adapter of every editorial resource, on the store's database (see EditorialRepositories). */
export function mongoEditorialRepositories(
  database: MongoDatabase,
  queue: LeasedQueue,
  opened: Closeable[],
): EditorialRepositories {
  return lazily<EditorialRepositories>(opened, {
    users: () => new MongoUsers(database),
    sessions: () => new MongoSessions(database),
    passwordResets: () => new MongoPasswordResets(database),
    emailConfirmations: () => new MongoEmailConfirmations(database),
    proofAttempts: () => new QueuedProofAttempts(queue),
    attributionDomains: () => new MongoAttributionDomains(database),
  });
}
