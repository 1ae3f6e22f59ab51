import { step, type Steps } from '../store/steps';
import { articleCountEvents, type WebhookEvent } from '../webhook-events/webhook-event';
import { creditOrderOf, type ArticleProof } from './article-proof';
import type { ArticlesUnitOfWrite, ProofGuard, StoredArticleClaim } from './articles-repository';

/** Whether an article with this proof, listed so by its owner, counts (`active`): what the verifiers answer for. */
export const counts = (proof: ArticleProof, listedActive: boolean): boolean => proof.state === 'proven' && listedActive;

/**
 * The event a change of whether the profile's article at `canonicalUrl` counts sends (see articleCountEvents), naming
 * the profile while it is verified. Nothing is read when nothing changed.
 */
export function* articleCountEventSteps(
  unit: Pick<ArticlesUnitOfWrite, 'verifiedSlugOf'>,
  { profileId, canonicalUrl }: Pick<StoredArticleClaim, 'profileId' | 'canonicalUrl'>,
  countedBefore: boolean,
  countsNow: boolean,
  at?: Date,
): Steps<WebhookEvent[]> {
  if (countedBefore === countsNow) return [];
  const slug = yield* step(unit.verifiedSlugOf(profileId));
  return articleCountEvents(canonicalUrl, countedBefore, countsNow, slug, at);
}

/**
 * Writes the article's proof (see ArticlesUnitOfWrite.writeProof) with what follows from it, in the same write: it
 * counts when the proof is `proven` and its owner lists it active, its credit order among the address's authors is
 * the proof's (creditOrderOf), and starting or stopping to count sends article.verified or article.deactivated.
 * False, nothing written, as writeProof says.
 *
 * The event is stamped when it is made, just before the write: a rule's own time is not always the write's (a data
 * step ends vouching at the affiliation's recorded end), and the events' queue takes them in timestamp order.
 */
export function* writeProofSteps(
  unit: Pick<ArticlesUnitOfWrite, 'writeProof' | 'verifiedSlugOf'>,
  claim: StoredArticleClaim,
  proof: ArticleProof,
  guard?: ProofGuard,
): Steps<boolean> {
  const active = counts(proof, claim.listedActive);
  const creditOrder = creditOrderOf(proof);
  const events = yield* articleCountEventSteps(unit, claim, counts(claim.proof, claim.listedActive), active);
  return yield* step(unit.writeProof(claim, proof, { active, creditOrder, events }, guard));
}
