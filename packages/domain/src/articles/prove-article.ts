import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import { evidenceOf, type ArticleProof, type NewArticleEvidence } from './article-proof';
import type { Articles, ArticlesUnitOfWrite, StoredArticleClaim } from './articles-repository';

export type ProveArticleResult =
  | { ok: true; released: { profileId: number; articleId: number }[] }
  | { ok: false; reason: 'no-such-article' }
  /** Another profile has the address proven: only an editor moves it. */
  | { ok: false; reason: 'held-by-another'; holderProfileId: number };

const isLive = (claim: StoredArticleClaim) => claim.proof.state !== 'released';

/**
 * Adds a proof to a profile's article and makes it count; other profiles' unproven claims of the address are
 * released with the reason their owners read (an unproven claim never blocks a proof), and their histories record
 * it. Refused when another profile has the address proven.
 *
 * Order (MongoDB, where each is a separate write): the article `proven` (the unique index on proven addresses
 * decides a race), then its profile's answers, then its re-check queued (a proof with `nextCheckAt`), then the
 * other claims released and their histories. Queued after the proof, a check is never due for an article that
 * was refused; interrupted in between, the proof counts without its re-checks (a rare gap, logged nowhere: its
 * page was read and credited the profile a moment before). Interrupted later, another profile may keep an
 * unproven claim a moment longer; it counts nothing, so nothing unproven ever answers.
 */
export function* proveArticleSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, evidence }: { profileId: number; articleId: number; evidence: NewArticleEvidence },
  now: string,
  actor: string,
): Steps<ProveArticleResult> {
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim) return { ok: false, reason: 'no-such-article' };
  const others = (yield* step(unit.claimsAt(claim.canonicalUrl))).filter((other) => other.profileId !== profileId);
  const holder = others.find((other) => other.proof.state === 'proven');
  if (holder) return { ok: false, reason: 'held-by-another', holderProfileId: holder.profileId };
  const proof: ArticleProof = {
    state: 'proven',
    reason: null,
    mention: null,
    evidence: [...claim.proof.evidence, evidenceOf(evidence, now)],
  };
  if (!(yield* writeProofSteps(unit, claim, proof))) {
    const winner = (yield* step(unit.claimsAt(claim.canonicalUrl))).find((other) => other.proof.state === 'proven');
    return { ok: false, reason: 'held-by-another', holderProfileId: winner?.profileId ?? -1 };
  }
  yield* rerenderAnswers(unit.answers, [profileId]);
  // A proof by the page's author markup is re-checked (record-article-check.ts): its first check is queued with it.
  if (evidence.nextCheckAt) yield* step(unit.scheduleCheck(claim, new Date(evidence.nextCheckAt)));
  const reason = `Proven on another profile on ${now.slice(0, 10)}.`;
  const released = others.filter(isLive);
  for (const other of released) {
    yield* writeProofSteps(unit, other, { ...other.proof, state: 'released', reason });
    const note = `${claim.canonicalUrl}: ${reason}`;
    yield* step(unit.appendHistory({ profileId: other.profileId, actor, action: 'article-released', note }, now));
  }
  // Released claims counted nothing (another profile's proven one would have refused this proof): no re-render.
  return { ok: true, released: released.map((other) => ({ profileId: other.profileId, articleId: other.id })) };
}

/** Proves a profile's article (see proveArticleSteps). */
export function proveArticle(
  articles: Articles,
  proof: { profileId: number; articleId: number; evidence: NewArticleEvidence },
  actor: string,
): Promise<ProveArticleResult> {
  return articles.inOneWrite((unit) => proveArticleSteps(unit, proof, new Date().toISOString(), actor));
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
