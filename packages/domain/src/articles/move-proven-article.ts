import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import { writeProofSteps } from './article-counts';
import { EDITOR_PROVIDER } from '../proofs/claims';
import { evidenceOf, type ArticleProof } from './article-proof';
import type { Articles, ArticlesUnitOfWrite } from './articles-repository';

export type MoveArticleResult =
  | { ok: true; fromProfileId: number }
  /** The profile does not list the address (it must claim it first), or nobody has it proven (attest instead). */
  | { ok: false; reason: 'no-such-article' | 'not-proven-elsewhere' };

/**
 * An editor's decision that a proven article belongs to another profile, which lists it: the holder's proof ends
 * and its claim is released with the editor's note, then the article is proven on the profile by the editor's
 * attestation; both histories record the move. Only an editor moves a proven article.
 *
 * Order (MongoDB, where each is a separate write): the holder's claim released first (which frees the address's
 * unique proven entry), then its answers, then the profile's proof and answers, then the histories. Interrupted in
 * between, the article counts on neither profile: nothing answers for an article while its owner is in question.
 */
export function* moveProvenArticleSteps(
  unit: ArticlesUnitOfWrite,
  { profileId, articleId, editor, note }: { profileId: number; articleId: number; editor: string; note: string },
  now: string,
): Steps<MoveArticleResult> {
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim) return { ok: false, reason: 'no-such-article' };
  const holder = (yield* step(unit.claimsAt(claim.canonicalUrl))).find(
    (other) => other.profileId !== profileId && other.proof.state === 'proven',
  );
  if (!holder) return { ok: false, reason: 'not-proven-elsewhere' };
  const reason = `Moved to another profile by an editor on ${now.slice(0, 10)}: ${note}`;
  const ended = holder.proof.evidence.map((evidence) =>
    evidence.endedAt === null ? { ...evidence, endedAt: now, endedReason: reason } : evidence,
  );
  yield* writeProofSteps(unit, holder, { ...holder.proof, state: 'released', reason, evidence: ended });
  yield* rerenderAnswers(unit.answers, [holder.profileId]);
  const evidence = evidenceOf({ method: 'editor-attestation', provider: EDITOR_PROVIDER, by: `editor:${editor}`, note }, now);
  const proof: ArticleProof = { state: 'proven', reason: null, mention: null, evidence: [...claim.proof.evidence, evidence] };
  if (!(yield* writeProofSteps(unit, claim, proof)))
    throw new Error(`the article at ${claim.canonicalUrl} was proven again meanwhile`);
  yield* rerenderAnswers(unit.answers, [profileId]);
  const historyNote = (to: string) => `${claim.canonicalUrl} ${to}: ${note}`;
  yield* step(
    unit.appendHistory(
      { profileId: holder.profileId, actor: editor, action: 'article-moved', note: historyNote('moved to another profile') },
      now,
    ),
  );
  yield* step(unit.appendHistory({ profileId, actor: editor, action: 'article-moved', note: historyNote('moved here') }, now));
  return { ok: true, fromProfileId: holder.profileId };
}

/** Moves a proven article onto the profile that lists it (see moveProvenArticleSteps). */
export function moveProvenArticle(
  articles: Articles,
  move: { profileId: number; articleId: number; editor: string; note: string },
): Promise<MoveArticleResult> {
  return articles.inOneWrite((unit) => moveProvenArticleSteps(unit, move, new Date().toISOString()));
}
