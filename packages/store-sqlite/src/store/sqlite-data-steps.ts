import { isDeepStrictEqual } from 'node:util';
import type Database from 'better-sqlite3';
import type { ArticleProof } from '@byline/domain/articles/article-proof';
import type { AffiliationOfRecord } from '@byline/domain/articles/attribution-basis-backfill';
import { answersFollow, DATA_STEPS, type DataStepName } from '@byline/domain/data-steps/data-steps';
import type { DataStepsUnit, RenderReason } from '@byline/domain/data-steps/data-steps-unit';
import { runNow, type Steps } from '@byline/domain/store/steps';
import { forgetAnswerStatements, sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { forgetOutletStatements } from '../outlets/sqlite-outlets-unit';
import { forgetPreparedStatements } from './profile-records';

/** The profiles each reason selects, after an id, in id order. */
const TO_RENDER: Record<RenderReason, string> = {
  // Null on profiles written before the column that holds them.
  article: 'SELECT id FROM profiles WHERE article_answer IS NULL AND id > ? ORDER BY id LIMIT ?',
  'article-tag': 'SELECT id FROM profiles WHERE article_etag IS NULL AND id > ? ORDER BY id LIMIT ?',
  'article-v2': 'SELECT id FROM profiles WHERE article_v2_answer IS NULL AND id > ? ORDER BY id LIMIT ?',
  'unproven-articles': 'SELECT DISTINCT profile_id FROM articles WHERE proven = 0 AND profile_id > ? ORDER BY profile_id LIMIT ?',
  'bluesky-claims': `SELECT DISTINCT profile_id FROM claims WHERE kind = 'bluesky' AND state = 'proven' AND released_at IS NULL
    AND profile_id > ? ORDER BY profile_id LIMIT ?`,
};

/** The embedded store's side of the data steps (see data-steps-unit.ts): synchronous, each short write a transaction. */
export function sqliteDataStepsUnit(db: Database.Database): DataStepsUnit {
  // Prepared when used: a unit made for an early step must not prepare statements over tables later ones add.
  const sql = <P extends unknown[] = [], R = unknown>(text: string) => db.prepare<P, R>(text);
  return {
    ownWrite: <T>(steps: () => Steps<T>): T => db.transaction(() => runNow(steps())).immediate(),
    get articles() {
      return sqliteArticlesUnit(db);
    },
    get answers() {
      return sqliteAnswersUnit(db);
    },
    profilesToRender: (reason, afterId, limit) => sql<[number, number], number>(TO_RENDER[reason]).pluck().all(afterId, limit),
    publisherIds: () => sql<[], number>('SELECT id FROM publishers ORDER BY id').pluck().all(),
    standingOf: (publisherId) => {
      const row = sql<[number], { name: string; verified_at: string | null }>(
        'SELECT name, verified_at FROM publishers WHERE id = ?',
      ).get(publisherId);
      if (!row) return null;
      const withdrawal = sql<[number], { actor: string; at: string }>(
        "SELECT actor, at FROM publisher_events WHERE publisher_id = ? AND action = 'unverified' ORDER BY id DESC LIMIT 1",
      );
      return {
        publisherId,
        publisherName: row.name,
        profileIds: sql<[number], number>(
          'SELECT DISTINCT profile_id FROM publisher_staff WHERE publisher_id = ? AND profile_id IS NOT NULL',
        )
          .pluck()
          .all(publisherId),
        unverified: row.verified_at !== null ? 'verified' : (withdrawal.get(publisherId) ?? 'never-recorded'),
        provenDomains: sql<[number], string>("SELECT domain FROM publisher_domains WHERE publisher_id = ? AND state = 'proven'")
          .pluck()
          .all(publisherId),
      };
    },
    attributedArticles: (afterId, limit) =>
      sql<[number, number], { id: number; profile_id: number; proven: number; proof: string }>(
        `SELECT id, profile_id, proven, proof FROM articles WHERE proof LIKE '%"by":"byline:attribution"%' AND id > ?
           ORDER BY id LIMIT ?`,
      )
        .all(afterId, limit)
        .map((row) => ({
          id: row.id,
          profileId: row.profile_id,
          proven: row.proven === 1,
          proof: JSON.parse(row.proof) as ArticleProof,
        })),
    affiliationsOf: (profileId) =>
      sql<[number], AffiliationOfRecord>(
        `SELECT s.id, s.publisher_id AS publisherId, p.slug AS publisherSlug, p.name AS publisherName, s.state,
                s.accepted_at AS acceptedAt, s.ended_at AS endedAt, s.ended_by AS endedBy
         FROM publisher_staff s JOIN publishers p ON p.id = s.publisher_id WHERE s.profile_id = ? ORDER BY s.id DESC`,
      ).all(profileId),
    recordAttributionBasis: (articleId, proof, was) => {
      const stored = sql<[number], string>('SELECT proof FROM articles WHERE id = ?').pluck().get(articleId);
      if (stored !== undefined && isDeepStrictEqual(JSON.parse(stored), was)) {
        sql<[string, number]>('UPDATE articles SET proof = ? WHERE id = ?').run(JSON.stringify(proof), articleId);
      }
    },
    articleLinksWithQuery: () =>
      sql<[], { id: number; profileId: number; link: string }>(
        "SELECT id, profile_id AS profileId, json_extract(doc, '$.link') AS link FROM articles WHERE json_extract(doc, '$.link') LIKE '%?%'",
      ).all(),
    setArticleLink: (articleId, link, was) => {
      const stored = sql<[number], string>("SELECT json_extract(doc, '$.link') FROM articles WHERE id = ?")
        .pluck()
        .get(articleId);
      if (stored !== was) return;
      sql<[string, number]>("UPDATE articles SET doc = json_set(doc, '$.link', ?) WHERE id = ?").run(link, articleId);
    },
  };
}

/** A data step as a backfill of the embedded store's migrations, its statements prepared after the schema it needs. */
export function sqliteDataStep(name: DataStepName) {
  return {
    name,
    backfill: (db: Database.Database, now: Date): void => {
      // Statements prepared before earlier migrations changed the tables they read or write.
      forgetPreparedStatements(db);
      forgetAnswerStatements(db);
      forgetOutletStatements(db);
      runNow(DATA_STEPS[name](sqliteDataStepsUnit(db), now.toISOString()));
    },
  };
}

/** Profiles whose stored fields a migration changed: their answers follow, inside the migration's transaction. */
export type AnswersFollow = (profileIds: Iterable<number>) => void;

export const answersFollowNow =
  (db: Database.Database): AnswersFollow =>
  (profileIds) =>
    runNow(answersFollow(sqliteDataStepsUnit(db), profileIds));
