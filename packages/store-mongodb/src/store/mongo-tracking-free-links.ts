import type { Db } from 'mongodb';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { collectionOf } from './mongo-schema';
import { withoutTrackingParams } from '@byline/domain/url/canonical-url';

/*
 * A data step (MongoDB's; the embedded store's is tracking-free-links-migration.ts): articles stored before links were cleaned keep their owner's address without the
 * parameters that only track a click (the list the canonical form drops, so no article changes identity), and the
 * answers that show the link are re-rendered. Idempotent: a link already clean is left alone.
 */

/**
 * MongoDB's: each article's link in a single-document update made only while it is still the link read, then the
 * owners' answers re-rendered. Interrupted, the next start runs it again (it is recorded as done only at the end).
 */
export async function dropTrackingFromArticleLinksIn(db: Db): Promise<void> {
  const articles = collectionOf(db, 'articles');
  const owners = new Set<number>();
  for await (const doc of articles.find({ 'article.link': /\?/ }, { projection: { profile_id: 1, 'article.link': 1 } })) {
    const link = withoutTrackingParams(doc.article.link);
    if (link === doc.article.link) continue;
    await articles.updateOne({ _id: doc._id, 'article.link': doc.article.link }, { $set: { 'article.link': link } });
    owners.add(doc.profile_id);
  }
  await rerenderInTurn(db, owners);
}
