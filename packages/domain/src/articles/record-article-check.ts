import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import type { RecheckPolicy } from '../proofs/claim-store';
import { failedCheck, RECHECK_ACTOR } from '../proofs/grace';
import { lapseNote } from '../proofs/claim-wording';
import { isLiveArticleEvidence, type ArticleEvidence, type ArticleProof, type AttributionAllowance } from './article-proof';
import type { ArticlesUnitOfWrite, StoredArticleClaim } from './articles-repository';

/**
 * What a re-read of a proven article's page found: still credited (where, at which place among its authors, and who
 * allowed its domain), or why not (the page's words for its owner).
 */
export type ArticlePageOutcome =
  { ok: true; matched: string; position: number; allowedBy?: AttributionAllowance[] } | { ok: false; reason: string };

export type ArticleCheckResult = 'held' | 'failing' | 'lapsed' | 'lease-lost';

export interface ArticleCheckToRecord {
  profileId: number;
  articleId: number;
  /** The article's check item and the holder its lease must still be with: nothing is written otherwise. */
  item: { id: string; holder: string };
  outcome: ArticlePageOutcome;
  now: Date;
  policy: RecheckPolicy;
}

/** The live proof a re-check reads the page for: the article's live `authorship-attested` evidence. */
export const recheckedEvidenceOf = (proof: ArticleProof): ArticleEvidence | undefined =>
  proof.state === 'proven'
    ? proof.evidence.find((evidence) => evidence.method === 'authorship-attested' && isLiveArticleEvidence(evidence))
    : undefined;

/**
 * Records a re-check of a proven article's page, by the rules of the rel="me" re-checks (recheck/rechecks.ts,
 * checkRecord): a page that still credits the profile clears any failure and is checked again after the interval;
 * one that fails (the attribution dropped, the page gone or unreachable) inside the grace period (failedCheck,
 * counted from the first failure in a row) is checked again after the retry time; past it the proof ends. Only this
 * profile's proof: a co-author's stands or falls by its own re-check. An article the end leaves without any live proof lapses: it stops counting, its profile's answers are rendered
 * again and its history says why (`article-lapsed`). Another live proof (an editor's attestation) keeps it proven.
 *
 * Order (MongoDB, where each is a separate write): the lease is read, then the proof, its answers and history,
 * then the item settled. Interrupted before the settle, the lease expires and the page is read again: a check
 * that held is recorded twice, a failure keeps its first time, and a lapse finds no live proof to check (done).
 */
export function* recordArticleCheckSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, item, outcome, now, policy }: ArticleCheckToRecord,
): Steps<ArticleCheckResult> {
  if (!(yield* step(unit.holdsCheck(item.id, item.holder)))) return 'lease-lost';
  const claim = yield* step(unit.claim(profileId, articleId));
  const checked = claim && recheckedEvidenceOf(claim.proof);
  if (!claim || !checked) {
    // Its proof ended meanwhile (a new address, a release, an editor's move): nothing left to re-check.
    yield* step(unit.settleCheck(item.id, item.holder, 'done', now));
    return 'lease-lost';
  }
  const at = now.toISOString();
  const later = (ms: number) => new Date(now.getTime() + ms);
  if (outcome.ok) {
    const next = later(policy.intervalMs);
    yield* writeEvidence(unit, claim, checked, {
      // The page may have re-ordered its byline: the place kept is the one it gives now.
      position: outcome.position,
      // Either side may have changed its list since: the evidence names the ones that allow the page now.
      ...(outcome.allowedBy ? { allowedBy: outcome.allowedBy } : {}),
      lastCheckedAt: at,
      failingSince: null,
      lastFailure: null,
      nextCheckAt: next.toISOString(),
    });
    yield* step(unit.settleCheck(item.id, item.holder, { dueAt: next }, now));
    return 'held';
  }
  const { failingSince, lapses } = failedCheck(checked.failingSince, now, policy);
  const failing = { lastCheckedAt: at, failingSince, lastFailure: outcome.reason };
  if (!lapses) {
    const next = later(policy.retryMs);
    yield* writeEvidence(unit, claim, checked, { ...failing, nextCheckAt: next.toISOString() });
    yield* step(unit.settleCheck(item.id, item.holder, { dueAt: next }, now));
    return 'failing';
  }
  const note = lapseNote(failingSince, outcome.reason);
  const ended = { ...failing, nextCheckAt: null, endedAt: at, endedReason: note };
  const evidence = claim.proof.evidence.map((each) => (each === checked ? { ...each, ...ended } : each));
  const leftWithout = !evidence.some(isLiveArticleEvidence);
  const proof: ArticleProof = leftWithout
    ? { ...claim.proof, state: 'lapsed', reason: note, evidence }
    : { ...claim.proof, evidence };
  yield* writeProofSteps(unit, claim, proof);
  if (leftWithout) {
    yield* rerenderAnswers(unit.answers, [profileId]);
    const history = {
      profileId,
      actor: RECHECK_ACTOR,
      action: 'article-lapsed' as const,
      note: `${claim.canonicalUrl}: ${note}`,
    };
    yield* step(unit.appendHistory(history, at));
  }
  yield* step(unit.settleCheck(item.id, item.holder, 'done', now));
  return 'lapsed';
}

function* writeEvidence(
  unit: ArticlesUnitOfWrite,
  claim: StoredArticleClaim,
  checked: ArticleEvidence,
  fields: Partial<ArticleEvidence>,
): Steps<void> {
  const evidence = claim.proof.evidence.map((each) => (each === checked ? { ...each, ...fields } : each));
  yield* writeProofSteps(unit, claim, { ...claim.proof, evidence });
}
