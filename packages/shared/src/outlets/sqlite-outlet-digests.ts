import type { SqliteDatabase } from '../database/sqlite-database';
import { toArticle, toProfile, type ArticleRow, type ProfileRow } from '../store/sqlite/profile-records';
import { DIGEST_SCAN, DIGEST_SIZE, onDomains, type OutletDigest, type OutletDigests } from './outlet-digests-repository';

const statements = (database: SqliteDatabase) => ({
  journalists: database.prepare<[number, number], ProfileRow>(
    `SELECT p.id, p.verified, p.doc FROM publisher_staff s JOIN profiles p ON p.id = s.profile_id
     WHERE s.publisher_id = ? AND s.state = 'active' AND p.verified = 1
     ORDER BY s.accepted_at DESC, s.id DESC LIMIT ?`,
  ),
  articles: database.prepare<[number, number], ArticleRow & { canonical_url: string; slug: string }>(
    `SELECT a.id, a.profile_id, a.doc, a.canonical_url, p.slug FROM articles a
     JOIN publisher_staff s ON s.profile_id = a.profile_id AND s.state = 'active'
     JOIN profiles p ON p.id = a.profile_id AND p.verified = 1
     WHERE s.publisher_id = ? AND a.active = 1
     ORDER BY a.published_at DESC, a.id DESC LIMIT ?`,
  ),
});

/** Outlet digests in the embedded store: two reads, staff joined to profiles and to their articles. */
export class SqliteOutletDigests implements OutletDigests {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  digestOf(publisherId: number, domains: readonly string[]): Promise<OutletDigest> {
    return this.database.read(() => ({
      journalists: this.sql.journalists.all(publisherId, DIGEST_SIZE).map(toProfile),
      articles: this.sql.articles
        .all(publisherId, DIGEST_SCAN)
        .filter((row) => onDomains(row.canonical_url, domains))
        .slice(0, DIGEST_SIZE)
        .map((row) => ({ article: toArticle(row), authorSlug: row.slug })),
    }));
  }
}
