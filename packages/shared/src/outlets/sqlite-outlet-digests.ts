import { NOT_REPLANNED, type SqliteDatabase } from '../database/sqlite-database';
import { toArticle, toProfile, type ArticleRow, type ProfileRow } from '../store/sqlite/profile-records';
import { DIGEST_SCAN, DIGEST_SIZE, onDomains, type OutletDigest, type OutletDigests } from './outlet-digests-repository';

// Prepared on the lookups' connection: the article verifier reads them beside its v1 lookup (see SqliteDatabase.lookup).
const statements = ({ lookupConnection: database }: SqliteDatabase) => ({
  domains: database
    .prepare<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
    .pluck(),
  journalists: database.prepare<[number, number], ProfileRow>(
    `SELECT p.id, p.verified, p.doc FROM publisher_staff s JOIN profiles p ON p.id = s.profile_id
     WHERE s.publisher_id = ${NOT_REPLANNED} AND s.state = 'active' AND p.verified = 1
     ORDER BY s.accepted_at DESC, s.id DESC LIMIT ${NOT_REPLANNED}`,
  ),
  // Addresses first, documents only for the three chosen: the look-through reads no article document.
  candidates: database.prepare<[number, number], { id: number; canonical_url: string; slug: string }>(
    `SELECT a.id, a.canonical_url, p.slug FROM articles a
     JOIN publisher_staff s ON s.profile_id = a.profile_id AND s.state = 'active'
     JOIN profiles p ON p.id = a.profile_id AND p.verified = 1
     WHERE s.publisher_id = ${NOT_REPLANNED} AND a.active = 1
     ORDER BY a.published_at DESC, a.id DESC LIMIT ${NOT_REPLANNED}`,
  ),
  article: database.prepare<[number], ArticleRow>('SELECT id, profile_id, doc FROM articles WHERE id = ?'),
});

/** Outlet digests in the embedded store: two reads, staff joined to profiles and to their articles. */
export class SqliteOutletDigests implements OutletDigests {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  digestOf(publisherId: number): Promise<OutletDigest> {
    return this.database.lookup(() => {
      const domains = this.sql.domains.all(publisherId);
      return {
        journalists: this.sql.journalists.all(publisherId, DIGEST_SIZE).map(toProfile),
        articles: this.sql.candidates
          .all(publisherId, DIGEST_SCAN)
          .filter((row) => onDomains(row.canonical_url, domains))
          .slice(0, DIGEST_SIZE)
          .map((row) => ({ article: toArticle(this.sql.article.get(row.id)!), authorSlug: row.slug })),
      };
    });
  }
}
