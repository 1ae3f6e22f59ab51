import type { SqliteDatabase } from '../database/sqlite-database';
import type { Article, ArticleInput } from '../domain/types';
import { toArticle, type ArticleRow } from '../store/sqlite/profile-records';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { canonicalizeUrl } from '../url/canonical-url';
import { ArticleTakenError, type Articles } from './articles-repository';

const statements = (database: SqliteDatabase) => ({
  all: database.prepare<[number], ArticleRow>(
    'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? ORDER BY published_at DESC, id DESC',
  ),
  latest: database.prepare<[number, number], ArticleRow>(
    'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? AND active = 1 ORDER BY published_at DESC, id DESC LIMIT ?',
  ),
  one: database.prepare<[number, number], ArticleRow>('SELECT id, profile_id, doc FROM articles WHERE id = ? AND profile_id = ?'),
  atAddress: database.prepare<[string], { id: number; profile_id: number }>(
    'SELECT id, profile_id FROM articles WHERE canonical_url = ?',
  ),
  insert: database.prepare<[number, string, number, string, string]>(
    'INSERT INTO articles (profile_id, canonical_url, active, published_at, doc) VALUES (?, ?, ?, ?, ?)',
  ),
  update: database.prepare<[string, number, string, string, number, number]>(
    'UPDATE articles SET canonical_url = ?, active = ?, published_at = ?, doc = ? WHERE id = ? AND profile_id = ?',
  ),
});

/**
 * The articles table. Each change is one unit of write with the profile's derived fields (count, answers), so the
 * verifiers never see an article without the answer that lists it.
 */
export class SqliteArticles implements Articles {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  list(profileId: number): Promise<Article[]> {
    return this.database.read(() => this.sql.all.all(profileId).map(toArticle));
  }

  latest(profileId: number, limit: number): Promise<Article[]> {
    return this.database.read(() => this.sql.latest.all(profileId, limit).map(toArticle));
  }

  find(profileId: number, articleId: number): Promise<Article | null> {
    return this.database.read(() => {
      const row = this.sql.one.get(articleId, profileId);
      return row ? toArticle(row) : null;
    });
  }

  async add(profileId: number, article: ArticleInput): Promise<Article> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.write((db) => {
      this.refuseTakenAddress(canonical, profileId, null);
      const id = Number(
        this.sql.insert.run(profileId, canonical, article.active ? 1 : 0, article.published_at, JSON.stringify(article))
          .lastInsertRowid,
      );
      rerenderNow(db, [profileId]);
      return toArticle(this.sql.one.get(id, profileId)!);
    });
  }

  async update(profileId: number, articleId: number, article: ArticleInput): Promise<boolean> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.write((db) => {
      this.refuseTakenAddress(canonical, profileId, articleId);
      const { changes } = this.sql.update.run(
        canonical,
        article.active ? 1 : 0,
        article.published_at,
        JSON.stringify(article),
        articleId,
        profileId,
      );
      rerenderNow(db, [profileId]);
      return changes > 0;
    });
  }

  private refuseTakenAddress(canonical: string, profileId: number, ownArticleId: number | null): void {
    const row = this.sql.atAddress.get(canonical);
    if (row && row.id !== ownArticleId) throw new ArticleTakenError(row.profile_id === profileId);
  }
}
