import type { Db } from 'mongodb';
import { claimsFromHandles } from '../proofs/mongo-claims-migration';
import { rechecksOntoQueue } from '../recheck/mongo-recheck-records';
import { proofAttemptsOntoQueue } from '../proofs/mongo-proof-attempts-migration';
import { isDuplicateKey } from './mongo-errors';
import { rewriteHandlesToNormalForm } from './mongo-handles-normal-form';
import { collectionOf, ensureSchema } from './mongo-schema';
import { articlesAsClaims, checkMigratedArticleClaims, coAuthoredArticles } from './mongo-articles-as-claims';
import { answersFollowInTurn, mongoDataStep, type AnswersFollow } from './mongo-data-steps';

/**
 * One-time data steps, run after the schema step, each recorded by name in schema_migrations once done
 * (the names match the embedded store's migrations). Each must be idempotent and resumable: processes
 * starting together may run one at the same time, and one interrupted is run again at the next start. `now`: when the
 * migrations run, the time a step writes into what it changes; `answersFollow`: what a step calls with the profiles
 * whose stored fields it changed.
 */
const DATA_MIGRATIONS: { name: string; run: (db: Db, now: Date, answersFollow: AnswersFollow) => Promise<void> }[] = [
  { name: '013-social-handles-normal-form', run: rewriteHandlesToNormalForm },
  // See claimsFromHandles.
  { name: '015-claims-from-handles', run: claimsFromHandles },
  // Each rendered answer's ETag, stored beside it (see RenderedAnswers).
  mongoDataStep('017-tag-existing-answers'),
  // Every live re-checked proof becomes an item of the leased queue (see recheck/rechecks.ts).
  { name: '021-rechecks-on-queue', run: rechecksOntoQueue },
  // Sign-ins in progress are queue items too (QueuedProofAttempts).
  { name: '022-proof-attempts-on-queue', run: proofAttemptsOntoQueue },
  // Articles become claims, proven by evidence, one proven profile per address (see articlesAsClaims).
  { name: '026-articles-as-claims', run: articlesAsClaims },
  // Whose articles stopped counting there (those not proven): their answers, rendered again.
  mongoDataStep('027-render-unproven-article-owners'),
  // The claims 026 left unchecked are queued for the worker's first check of their pages.
  { name: '028-check-migrated-article-claims', run: checkMigratedArticleClaims },
  // v2's article_verified answer, rendered with the others (see RenderedAnswers' articleV2).
  mongoDataStep('033-render-article-v2-answers'),
  // v2's answers of each publisher domain, rendered and stored on its document (see OutletsUnit).
  mongoDataStep('035-render-outlet-answers'),
  // The worker's attributions record how the page credited the journalist (see withAttributionBasis).
  mongoDataStep('038-attribution-basis'),
  // Credits by name whose publisher no longer stands behind them (its verification withdrawn, or the article's domain
  // no longer proven by it) end (see @byline/domain's data-steps.ts).
  mongoDataStep('039-vouching-as-it-stands'),
  // Article links stored before links were cleaned lose their tracking parameters (see data-steps.ts).
  mongoDataStep('045-article-links-without-tracking'),
  // Co-authors: several profiles may have one address proven (see coAuthoredArticles).
  { name: '049-co-authored-articles', run: coAuthoredArticles },
  // Journalists verified with a proven Bluesky account before Byline published records: their re-render notes them.
  mongoDataStep('054-note-bluesky-verifications'),
];

/** The schema (indexes, see ensureSchema), then the data steps not recorded yet, recorded `now`; run at every start. */
export async function migrate(db: Db, now: Date): Promise<void> {
  await ensureSchema(db);
  const done = collectionOf(db, 'migrations');
  for (const { name, run } of DATA_MIGRATIONS) {
    if (await done.findOne({ _id: name })) continue;
    await run(db, now, answersFollowInTurn(db));
    try {
      await done.insertOne({ _id: name, applied_at: now.toISOString() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error; // recorded by another process that ran it too
    }
  }
}
