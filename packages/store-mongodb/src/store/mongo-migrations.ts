import type { Db } from 'mongodb';
import { dropTrackingFromArticleLinksIn } from './mongo-tracking-free-links';
import { claimsFromHandles } from '../proofs/mongo-claims-migration';
import { rechecksOntoQueue } from '../recheck/mongo-recheck-records';
import { proofAttemptsOntoQueue } from '../proofs/mongo-proof-attempts-migration';
import { isDuplicateKey } from './mongo-errors';
import { rewriteHandlesToNormalForm } from './mongo-handles-normal-form';
import { collectionOf, ensureSchema } from './mongo-schema';
import { rerenderInTurn } from '../answers/mongo-answers-unit';
import { runInTurn } from '@byline/domain/store/steps';
import { mongoOutletsUnit } from '../outlets/mongo-outlets-unit';
import { rerenderOutlets } from '@byline/domain/outlets/rerender-outlets';
import { articlesAsClaims, checkMigratedArticleClaims } from './mongo-articles-as-claims';
import { recordAttributionBasesIn } from './mongo-attribution-basis';
import { endVouchingAsItStandsIn } from './mongo-vouching-as-it-stands';

/**
 * One-time data steps, run after the schema step, each recorded by name in schema_migrations once done
 * (the names match the embedded store's migrations). Each must be idempotent and resumable: processes
 * starting together may run one at the same time, and one interrupted is run again at the next start. `now`: when the
 * migrations run, the time a step writes into what it changes.
 */
const DATA_MIGRATIONS: { name: string; run: (db: Db, now: Date) => Promise<void> }[] = [
  { name: '013-social-handles-normal-form', run: rewriteHandlesToNormalForm },
  // See claimsFromHandles.
  { name: '015-claims-from-handles', run: claimsFromHandles },
  // Each rendered answer's ETag, stored beside it (see RenderedAnswers).
  { name: '017-tag-existing-answers', run: tagExistingAnswers },
  // Every live re-checked proof becomes an item of the leased queue (see recheck/rechecks.ts).
  { name: '021-rechecks-on-queue', run: rechecksOntoQueue },
  // Sign-ins in progress are queue items too (QueuedProofAttempts).
  { name: '022-proof-attempts-on-queue', run: proofAttemptsOntoQueue },
  // Articles become claims, proven by evidence, one proven profile per address (see articlesAsClaims).
  { name: '026-articles-as-claims', run: articlesAsClaims },
  // The claims 026 left unchecked are queued for the worker's first check of their pages.
  { name: '028-check-migrated-article-claims', run: checkMigratedArticleClaims },
  // v2's article_verified answer, rendered with the others (see RenderedAnswers' articleV2).
  { name: '033-render-article-v2-answers', run: (db) => renderMissing(db, 'answers.articleV2Tag') },
  // v2's answers of each publisher domain (see rerenderOutlets).
  { name: '035-render-outlet-answers', run: renderOutlets },
  // The worker's attributions record how the page credited the journalist (see withAttributionBasis).
  { name: '038-attribution-basis', run: recordAttributionBasesIn },
  // Credits by name on a publisher's vouching that no longer holds end (see endVouchingAsItStandsIn).
  { name: '039-vouching-as-it-stands', run: endVouchingAsItStandsIn },
  // Article links stored before links were cleaned lose their tracking parameters (see mongo-tracking-free-links.ts).
  { name: '045-article-links-without-tracking', run: dropTrackingFromArticleLinksIn },
];

/** The schema (indexes, see ensureSchema), then the data steps not recorded yet, recorded `now`; run at every start. */
export async function migrate(db: Db, now: Date): Promise<void> {
  await ensureSchema(db);
  const done = collectionOf(db, 'migrations');
  for (const { name, run } of DATA_MIGRATIONS) {
    if (await done.findOne({ _id: name })) continue;
    await run(db, now);
    try {
      await done.insertOne({ _id: name, applied_at: now.toISOString() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error; // recorded by another process that ran it too
    }
  }
}

/** Re-renders the answers of the profiles whose answers have no tags yet (resumable: works from what is missing). */
function tagExistingAnswers(db: Db): Promise<void> {
  return renderMissing(db, 'answers.articleTag');
}

/** Renders every publisher's domains' answers (idempotent: each run renders them from what is stored). */
async function renderOutlets(db: Db): Promise<void> {
  const ids: number[] = [];
  for await (const { _id } of collectionOf(db, 'publishers').find({}, { projection: { _id: 1 } })) ids.push(_id);
  await runInTurn(rerenderOutlets(mongoOutletsUnit(db), ids));
}

/** Re-renders the answers of the profiles whose answers lack this field (resumable: works from what is missing). */
async function renderMissing(db: Db, field: 'answers.articleTag' | 'answers.articleV2Tag'): Promise<void> {
  const missing = collectionOf(db, 'profiles').find({ [field]: { $exists: false } }, { projection: { _id: 1 } });
  const ids: number[] = [];
  for await (const { _id } of missing) ids.push(_id);
  await rerenderInTurn(db, ids);
}
