import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import { EDITOR_PROVIDER } from '../proofs/claims';
import { evidenceOf, type ArticleProof } from './article-proof';
import type { Articles, ArticlesUnitOfWrite } from './articles-repository';

export type MoveArticleResult =
  | { ok: true; fromProfileIds: number[] }
  /** The profile does not list the address (it must claim it first), or nobody has it proven (attest instead). */
  | { ok: false; reason: 'no-such-article' | 'not-proven-elsewhere' };

/**
 * An editor's decision that a proven article is another profile's alone, which lists it: every other profile's
 * proof of the address ends and its claim is released with the editor's note, then the article is proven on the
 * profile by the editor's attestation; the histories record the move. Only an editor takes an address from a
 * profile; a co-author is proven beside the others instead (by the page, or an editor's attestation).
 *
 * Order (MongoDB, where each is a separate write): the holders' claims released first, each with its answers, then
 * the profile's proof and answers, then the histories. Interrupted in between, the article counts on none of them:
 * nothing answers for an article while its owner is in question.
 */
export function* moveProvenArticleSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, editor, note }: { profileId: number; articleId: number; editor: string; note: string },
  now: string,
): Steps<MoveArticleResult> {
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim) return { ok: false, reason: 'no-such-article' };
  const holders = (yield* step(unit.claimsAt(claim.canonicalUrl))).filter(
    (other) => other.profileId !== profileId && other.proof.state === 'proven',
  );
  if (holders.length === 0) return { ok: false, reason: 'not-proven-elsewhere' };
  const reason = `Moved to another profile by an editor on ${now.slice(0, 10)}: ${note}`;
  for (const holder of holders) {
    const ended = holder.proof.evidence.map((evidence) =>
      evidence.endedAt === null ? { ...evidence, endedAt: now, endedReason: reason } : evidence,
    );
    yield* writeProofSteps(unit, holder, { ...holder.proof, state: 'released', reason, evidence: ended });
    yield* rerenderAnswers(unit.answers, [holder.profileId]);
  }
  const evidence = evidenceOf({ method: 'editor-attestation', provider: EDITOR_PROVIDER, by: `editor:${editor}`, note }, now);
  const proof: ArticleProof = { state: 'proven', reason: null, mention: null, evidence: [...claim.proof.evidence, evidence] };
  yield* writeProofSteps(unit, claim, proof);
  yield* rerenderAnswers(unit.answers, [profileId]);
  const historyNote = (to: string) => `${claim.canonicalUrl} ${to}: ${note}`;
  for (const holder of holders) {
    const entry = { profileId: holder.profileId, actor: editor, action: 'article-moved' as const };
    yield* step(unit.appendHistory({ ...entry, note: historyNote('moved to another profile') }, now));
  }
  yield* step(unit.appendHistory({ profileId, actor: editor, action: 'article-moved', note: historyNote('moved here') }, now));
  return { ok: true, fromProfileIds: holders.map((holder) => holder.profileId) };
}

/** Moves a proven article onto the profile that lists it (see moveProvenArticleSteps). */
export function moveProvenArticle(
  articles: Articles,
  move: { profileId: number; articleId: number; editor: string; note: string },
): Promise<MoveArticleResult> {
  return articles.inOneWrite((unit) => moveProvenArticleSteps(unit, move, new Date().toISOString()));
}
