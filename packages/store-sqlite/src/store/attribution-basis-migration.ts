import type Database from 'better-sqlite3';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import type { ArticleProof } from '@byline/domain/articles/article-proof';
import { withAttributionBasis, type AffiliationOfRecord } from '@byline/domain/articles/attribution-basis-backfill';
import { endVouchedArticlesSteps } from '@byline/domain/articles/end-vouched-articles';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { runNow } from '@byline/domain/store/steps';

/** Who the history names when an affiliation's end is applied to its attributions by this step, and it names no one. */
const MIGRATION_ACTOR = 'byline:migration';

/**
 * Data step 038 (see withAttributionBasis): each of the worker's attributions without its basis gets it, an article
 * per short transaction; where a credit by name rests on an affiliation that has ended, the end is applied in the
 * same transaction (the proof ends, the article lapses, its history, events and answers follow). Resumable: it works
 * from the evidence still without its basis.
 */
export function recordAttributionBases(db: Database.Database, now: Date): void {
  const candidates = db
    .prepare<[], { id: number; profile_id: number }>(
      `SELECT id, profile_id FROM articles WHERE proof LIKE '%"by":"byline:attribution"%' ORDER BY id`,
    )
    .all();
  const proofOf = db.prepare<[number], string>('SELECT proof FROM articles WHERE id = ?').pluck();
  const writeProof = db.prepare<[string, number]>('UPDATE articles SET proof = ? WHERE id = ?');
  const affiliationsOf = db.prepare<[number], AffiliationOfRecord>(
    `SELECT s.id, s.publisher_id AS publisherId, p.slug AS publisherSlug, p.name AS publisherName, s.state,
            s.accepted_at AS acceptedAt, s.ended_at AS endedAt, s.ended_by AS endedBy
     FROM publisher_staff s JOIN publishers p ON p.id = s.publisher_id WHERE s.profile_id = ? ORDER BY s.id DESC`,
  );
  const recordOne = db.transaction((articleId: number, profileId: number) => {
    const stored = proofOf.get(articleId);
    if (stored === undefined) return;
    const { proof, endedVouching } = withAttributionBasis(JSON.parse(stored) as ArticleProof, affiliationsOf.all(profileId));
    if (!proof) return;
    writeProof.run(JSON.stringify(proof), articleId);
    for (const affiliation of endedVouching) {
      const ending = {
        affiliationId: affiliation.id,
        profileId,
        publisherName: affiliation.publisherName,
        actor: affiliation.endedBy ?? MIGRATION_ACTOR,
      };
      const at = affiliation.endedAt ?? now.toISOString();
      runNow(endVouchedArticlesSteps(sqliteArticlesUnit(db), ending, at));
      rerenderNow(db, [profileId], [affiliation.publisherId]);
    }
  });
  for (const { id, profile_id } of candidates) recordOne.immediate(id, profile_id);
}
