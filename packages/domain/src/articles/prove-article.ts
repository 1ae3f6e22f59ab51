import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import { evidenceOf, type ArticleProof, type NewArticleEvidence } from './article-proof';
import type { Articles, ArticlesUnitOfWrite } from './articles-repository';

export type ProveArticleResult = { ok: true } | { ok: false; reason: 'no-such-article' };

/**
 * Adds a proof to a profile's article and makes it count. Another profile's claim or proof of the address is left
 * as it is: several profiles may have one address proven, each by its own evidence (co-authors, answered in credit
 * order, see creditOrderOf), and an unproven claim is decided by its own page check. Only an editor's move
 * (move-proven-article.ts) takes an address from a profile.
 *
 * Order (MongoDB, where each is a separate write): the article `proven`, then its profile's answers, then its
 * re-check queued (a proof with `nextCheckAt`). Queued after the proof, a check is never due for an article that
 * was not proven; interrupted in between, the proof counts without its re-checks (a rare gap, logged nowhere: its
 * page was read and credited the profile a moment before).
 */
export function* proveArticleSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, evidence }: { profileId: number; articleId: number; evidence: NewArticleEvidence },
  now: string,
): Steps<ProveArticleResult> {
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim) return { ok: false, reason: 'no-such-article' };
  const proof: ArticleProof = {
    state: 'proven',
    reason: null,
    mention: null,
    evidence: [...claim.proof.evidence, evidenceOf(evidence, now)],
  };
  yield* writeProofSteps(unit, claim, proof);
  yield* rerenderAnswers(unit.answers, [profileId]);
  // A proof by the page's author markup is re-checked (record-article-check.ts): its first check is queued with it.
  if (evidence.nextCheckAt) yield* step(unit.scheduleCheck(claim, new Date(evidence.nextCheckAt)));
  return { ok: true };
}

/** Proves a profile's article (see proveArticleSteps). */
export function proveArticle(
  articles: Articles,
  proof: { profileId: number; articleId: number; evidence: NewArticleEvidence },
): Promise<ProveArticleResult> {
  return articles.inOneWrite((unit) => proveArticleSteps(unit, proof, new Date().toISOString()));
}

/**
 * Records why an unproven article does not count (what its page's check found: a mention, another person's byline,
 * nothing, an unreachable page). A proven article keeps its proof: a failed re-check is the re-check's to decide.
 */
export function* noteUnprovenSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, reason, mention }: { profileId: number; articleId: number; reason: string; mention: string | null },
): Steps<boolean> {
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim || claim.proof.state === 'proven' || claim.proof.state === 'released') return false;
  yield* writeProofSteps(unit, claim, { ...claim.proof, reason, mention });
  return true;
}

export function noteUnproven(
  articles: Articles,
  note: { profileId: number; articleId: number; reason: string; mention: string | null },
): Promise<boolean> {
  return articles.inOneWrite((unit) => noteUnprovenSteps(unit, note));
}
