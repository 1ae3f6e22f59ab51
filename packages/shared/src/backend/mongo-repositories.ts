import { MongoClaims } from '../claims/mongo-claims';
import { webhooksOver } from '../webhooks/webhooks';
import { verificationOver } from '../verification/verification';
import { staffOver } from '../staff/staff';
import { profilesOver } from '../profiles/profiles';
import { MongoAuditHistory } from '../audit/mongo-audit-history';
import type { MongoDatabase } from '../database/mongo-database';
import { MongoProfiles } from '../profiles/mongo-profiles';
import { MongoArticles } from '../articles/mongo-articles';
import { articlesOver } from '../articles/articles';
import { MongoDirectory } from '../directory/mongo-directory';
import { MongoStaff } from '../staff/mongo-staff';
import { MongoVerification } from '../verification/mongo-verification';
import { MongoRecheckRecords } from '../recheck/mongo-recheck-records';
import { MongoWebhooks } from '../webhooks/mongo-webhooks';
import type { ResourceRepositories } from './backend';
import { lazily, type Closeable } from './lazily';

/** The MongoDB adapter of every resource, on the store's database and client (registered here once, see Repositories). */
export function mongoRepositories(database: MongoDatabase, opened: Closeable[]): ResourceRepositories {
  const repositories: ResourceRepositories = lazily<ResourceRepositories>(opened, {
    profiles: () => profilesOver(new MongoProfiles(database)),
    articles: () => articlesOver(new MongoArticles(database)),
    verification: () => verificationOver(new MongoVerification(database)),
    claims: () => new MongoClaims(database),
    audit: () => new MongoAuditHistory(database),
    recheckRecords: () => new MongoRecheckRecords(database),
    directory: () => new MongoDirectory(database),
    staff: () => staffOver(new MongoStaff(database)),
    webhooks: () => webhooksOver(new MongoWebhooks(database)),
  });
  return repositories;
}
