import { SqliteClaims } from '../claims/sqlite-claims';
import { webhooksOver } from '../webhooks/webhooks';
import { verificationOver } from '../verification/verification';
import { staffOver } from '../staff/staff';
import { profilesOver } from '../profiles/profiles';
import { SqliteAuditHistory } from '../audit/sqlite-audit-history';
import type { SqliteDatabase } from '../database/sqlite-database';
import { SqliteProfiles } from '../profiles/sqlite-profiles';
import { SqliteArticles } from '../articles/sqlite-articles';
import { articlesOver } from '../articles/articles';
import { SqliteDirectory } from '../directory/sqlite-directory';
import { SqliteStaff } from '../staff/sqlite-staff';
import { SqliteVerification } from '../verification/sqlite-verification';
import { SqliteRecheckRecords } from '../recheck/sqlite-recheck-records';
import { SqliteWebhooks } from '../webhooks/sqlite-webhooks';
import type { ResourceRepositories } from './backend';
import { lazily, type Closeable } from './lazily';

/** The SQLite adapter of every resource, on the store's database (registered here once, see Repositories). */
export function sqliteRepositories(database: SqliteDatabase, opened: Closeable[]): ResourceRepositories {
  const repositories: ResourceRepositories = lazily<ResourceRepositories>(opened, {
    profiles: () => profilesOver(new SqliteProfiles(database)),
    articles: () => articlesOver(new SqliteArticles(database)),
    verification: () => verificationOver(new SqliteVerification(database)),
    claims: () => new SqliteClaims(database),
    audit: () => new SqliteAuditHistory(database),
    recheckRecords: () => new SqliteRecheckRecords(database),
    directory: () => new SqliteDirectory(database),
    staff: () => staffOver(new SqliteStaff(database)),
    webhooks: () => webhooksOver(new SqliteWebhooks(database)),
  });
  return repositories;
}
