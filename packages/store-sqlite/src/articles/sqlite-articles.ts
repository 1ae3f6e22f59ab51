import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../store/sqlite-database';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import { runNow, type Steps } from '@byline/domain/store/steps';
import { numberedTable, SqliteDocuments } from '../documents/sqlite-documents';
import { claimDocumentsOn } from '../claims/sqlite-claims-unit';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { enqueueNow, settleNow } from '../queue/sqlite-leased-queue';
import { articleCheckItemOf } from '@byline/domain/articles/article-check-item';
import { ARTICLE_FIELDS } from '@byline/domain/articles/article-fields';
import { articlesUnitOver, type ArticleDocument } from '@byline/domain/articles/article-documents';
import type { ArticlesStore } from '@byline/domain/articles/articles-store';
import type { ArticlesUnitOfWrite } from '@byline/domain/articles/articles-repository';

/** The articles: the article as its owner gave it in `doc`, its proof as JSON text, flags as 0/1. */
export const ARTICLES_TABLE = numberedTable<ArticleDocument>('articles', ARTICLE_FIELDS, {
  names: { article: 'doc' },
  booleans: ['active', 'proven'],
  lists: ['article', 'proof'],
});

/** The statements of the articles' unit of write, on the connection whose transaction it runs in. */
const unitStatements = preparedPerConnection((db: Database.Database) => ({
  writeProof: db.prepare<[number, number, string, number, number]>(
    'UPDATE articles SET proven = ?, active = ?, proof = ?, credit_order = ? WHERE id = ?',
  ),
  checkHolder: db.prepare<[number], string | null>('SELECT holder FROM queue_items WHERE id = ?').pluck(),
  articles: new SqliteDocuments(new SqliteDatabase(db.name, db), ARTICLES_TABLE).steps,
}));

/**
 * The articles' unit of write inside a transaction the caller holds on `db` (SqliteStoredArticles.inOneWrite's, or
 * another store's write that changes articles too, such as an affiliation's end). Its reads, new articles, listing
 * changes and history are the generic documents' (articlesUnitOver).
 */
export function sqliteArticlesUnit(db: Database.Database): ArticlesUnitOfWrite {
  const sql = unitStatements(db);
  return articlesUnitOver(
    { ...claimDocumentsOn(db), articles: sql.articles },
    {
      writeProof: (claim, proof, { active, creditOrder, events }) => {
        sql.writeProof.run(proof.state === 'proven' ? 1 : 0, active ? 1 : 0, JSON.stringify(proof), creditOrder, claim.id);
        recordEventsNow(db, events);
        return true;
      },
      // Prepared when a rule re-renders, not with the unit: a migration's unit may run before the answers' columns exist.
      get answers() {
        return sqliteAnswersUnit(db);
      },
      // In the transaction: a proof and its re-check, a check's record and its settle, are written together.
      scheduleCheck: (claim, dueAt) => void enqueueNow(db, articleCheckItemOf(claim, dueAt)),
      holdsCheck: (itemId, holder) => sql.checkHolder.get(Number(itemId)) === holder,
      settleCheck: (itemId, holder, next, at) => settleNow(db, itemId, holder, next, at),
    },
  );
}

/**
 * The articles' unit of write: each change is one transaction with the profile's derived fields (count, answers),
 * so the verifiers never see an article without the answer that lists it. Their reads are DocumentArticles'.
 */
export class SqliteStoredArticles implements Pick<ArticlesStore, 'inOneWrite'> {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteArticlesUnit(db))));
  }
}
