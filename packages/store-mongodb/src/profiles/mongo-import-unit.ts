import type { Db } from 'mongodb';
import type { ArticleReleaseUnit, UnprovenArticle } from '@byline/domain/profiles/import-unit';
import { insertAudit } from '../store/mongo-verification-records';
import { collectionOf } from '../store/mongo-schema';

/** The unproven articles of these addresses, on any profile. */
export async function unprovenArticlesOf(db: Db, canonicalUrls: string[]): Promise<UnprovenArticle[]> {
  const found = collectionOf(db, 'articles').find({ canonical_url: { $in: canonicalUrls }, proven: false });
  const unproven: UnprovenArticle[] = [];
  for await (const doc of found) {
    const state = doc.proof?.state ?? 'claimed';
    unproven.push({ id: doc._id, profileId: doc.profile_id, canonicalUrl: doc.canonical_url, state });
  }
  return unproven;
}

/** The import's release of unproven articles on MongoDB (see releaseUnprovenArticlesSteps): single-document writes. */
export function mongoArticleReleaseUnit(db: Db): ArticleReleaseUnit {
  const articles = collectionOf(db, 'articles');
  return {
    dropUnprovenArticle: async (profileId, canonicalUrl) => {
      await articles.deleteOne({ profile_id: profileId, canonical_url: canonicalUrl, proven: false });
    },
    markArticleReleased: async (articleId, reason) => {
      await articles.updateOne(
        { _id: articleId, proven: false },
        { $set: { 'proof.state': 'released', 'proof.reason': reason } },
      );
    },
    appendHistory: ({ profileId, actor, action, note }, now) =>
      insertAudit(db, { profile_id: profileId, actor, action, note, at: now }),
  };
}
