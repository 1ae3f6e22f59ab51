import type { Db } from 'mongodb';
import { inTurn, type MongoDatabase } from '../store/mongo-database';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { collectionOf } from '../store/mongo-schema';
import { MongoDocuments, numberedCollection } from '../documents/mongo-documents';
import { claimDocumentsOf } from '../claims/mongo-claims-unit';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { enqueueIn, settleIn } from '../queue/mongo-leased-queue';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import { ARTICLE_FIELDS } from '@byline/domain/articles/article-fields';
import { articlesUnitOver, type ArticleDocument } from '@byline/domain/articles/article-documents';
import type { ArticleProof } from '@byline/domain/articles/article-proof';
import type { ArticlesUnitOfWrite, ProofGuard } from '@byline/domain/articles/articles-repository';
import type { ArticlesStore } from '@byline/domain/articles/articles-store';

/** The articles (see ArticleDoc): one per profile and address, by the unique index profile_address_unique. */
export const ARTICLES_COLLECTION = numberedCollection<ArticleDocument>('articles', ARTICLE_FIELDS, {
  unique: [['profileId', 'canonicalUrl']],
});

/** The filter that matches the proof only as it was read (see ProofGuard). */
function unchangedSince(read: ArticleProof, { liveEvidence }: ProofGuard): Record<string, unknown> {
  const filter: Record<string, unknown> = { 'proof.state': read.state };
  for (const index of liveEvidence) filter[`proof.evidence.${index}.endedAt`] = null;
  return filter;
}

/**
 * The articles' unit of write: each method its own single-document write, in the order the rule gives. Its reads,
 * new articles, listing changes, history and the profile's slug are the generic documents' (articlesUnitOver).
 */
export function mongoArticlesUnit(db: Db): ArticlesUnitOfWrite {
  const articles = collectionOf(db, 'articles');
  return articlesUnitOver(
    { ...claimDocumentsOf(inTurn(db)), articles: new MongoDocuments(inTurn(db), ARTICLES_COLLECTION).steps },
    {
      writeProof: async (claim, proof, { active, creditOrder, events }, guard) => {
        // The webhook event, when the article starts or stops counting, rides on the proof's own update.
        const filter = { _id: claim.id, ...(guard && unchangedSince(claim.proof, guard)) };
        const set = { proven: proof.state === 'proven', active, proof, credit_order: creditOrder };
        const { matchedCount } = await articles.updateOne(filter, { $set: set, ...pushEvents(events) });
        return !guard || matchedCount > 0;
      },
      answers: mongoAnswersUnit(db),
      // Each its own single-document write, in the order the rule gives (see prove-article.ts, record-article-check.ts).
      scheduleCheck: async (claim, dueAt) => void (await enqueueIn(db, articleCheckItemOf(claim, dueAt))),
      holdsCheck: async (itemId, holder) =>
        (await collectionOf(db, 'queueItems').findOne({ _id: itemId }, { projection: { holder: 1 } }))?.holder === holder,
      settleCheck: (itemId, holder, next, at) => settleIn(db, itemId, holder, next, at),
    },
  );
}

/** The articles' unit of write on MongoDB, run in turn (see article-changes.ts); their reads are DocumentArticles'. */
export class MongoStoredArticles implements Pick<ArticlesStore, 'inOneWrite'> {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoArticlesUnit(this.database.db))));
  }
}
