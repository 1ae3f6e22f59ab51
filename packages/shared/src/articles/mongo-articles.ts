import type { MongoDatabase } from '../database/mongo-database';
import type { Article, ArticleInput } from '../domain/types';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import { withNewIds } from '../store/mongo/mongo-ids';
import { COLLECTIONS, collectionOf, type ArticleDoc } from '../store/mongo/mongo-schema';
import { toArticle } from '../store/mongo/profile-derived-fields';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { canonicalizeUrl } from '../url/canonical-url';
import { ArticleTakenError, type Articles } from './articles-repository';

/*
 * Articles: the article write, then a recount of the profile's active articles from the articles
 * collection (as the import does). Interrupted in between, the count lags until the profile's next
 * article change; the unique canonical-address index refuses an address another writer took meanwhile.
 */
export class MongoArticles implements Articles {
  constructor(private readonly database: MongoDatabase) {}

  private get articles() {
    return collectionOf(this.database.db, 'articles');
  }

  list(profileId: number): Promise<Article[]> {
    return this.database.run(async () =>
      (await this.articles.find({ profile_id: profileId }).sort({ published_at: -1, _id: -1 }).toArray()).map(toArticle),
    );
  }

  latest(profileId: number, limit: number): Promise<Article[]> {
    return this.database.run(async () =>
      (
        await this.articles
          .find({ profile_id: profileId, active: true })
          .sort({ published_at: -1, _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toArticle),
    );
  }

  find(profileId: number, articleId: number): Promise<Article | null> {
    return this.database.run(async () => {
      const doc = await this.articles.findOne({ _id: articleId, profile_id: profileId });
      return doc ? toArticle(doc) : null;
    });
  }

  /** ArticleTakenError when another article has this canonical address. */
  private async refuseTakenAddress(canonical: string, profileId: number, ownArticleId: number | null): Promise<void> {
    const holder = await this.articles.findOne({ canonical_url: canonical }, { projection: { _id: 1, profile_id: 1 } });
    if (holder && holder._id !== ownArticleId) throw new ArticleTakenError(holder.profile_id === profileId);
  }

  async add(profileId: number, article: ArticleInput): Promise<Article> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.run(async () => {
      const { db } = this.database;
      const doc = await withNewIds(db, COLLECTIONS.articles, async () => {
        await this.refuseTakenAddress(canonical, profileId, null);
        return {
          count: 1,
          write: async (id) => {
            const doc: ArticleDoc = {
              _id: id,
              profile_id: profileId,
              canonical_url: canonical,
              active: article.active,
              published_at: article.published_at,
              article,
            };
            await this.articles.insertOne(doc);
            return doc;
          },
        };
      });
      await rerenderInTurn(db, [profileId]);
      return toArticle(doc);
    });
  }

  async update(profileId: number, articleId: number, article: ArticleInput): Promise<boolean> {
    const canonical = canonicalizeUrl(article.link);
    return this.database.run(async () => {
      await this.refuseTakenAddress(canonical, profileId, articleId);
      let matched: number;
      try {
        const set = { canonical_url: canonical, active: article.active, published_at: article.published_at, article };
        matched = (await this.articles.updateOne({ _id: articleId, profile_id: profileId }, { $set: set })).matchedCount;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.refuseTakenAddress(canonical, profileId, articleId);
        throw error;
      }
      await rerenderInTurn(this.database.db, [profileId]);
      return matched > 0;
    });
  }
}
