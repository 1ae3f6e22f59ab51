import { rerenderAnswers } from '../answers/rerender-answers';
import { step, type Steps } from '../store/steps';
import type { ArticleInput } from '../domain/types';
import { canonicalizeUrl } from '../url/canonical-url';
import { articleCountEventSteps, counts } from './article-counts';
import { claimedProof, creditOrderOf, type ArticleClaim, type ArticleProof } from './article-proof';
import { ArticleTakenError, type ArticleFields, type ArticlesUnitOfWrite, type StoredArticleClaim } from './articles-repository';

/**
 * A profile's own changes to its articles, written once for both databases (see database/steps.ts): an article
 * counts (`active`, what the verifiers answer) only while proven and listed active by its owner; a change that
 * makes it start or stop counting sends article.verified or article.deactivated; a new address is a new claim,
 * whose proof starts again; and every change of what counts re-renders the profile's answers. Another profile's
 * claim or proof of the address refuses nothing: a co-author lists the article too, and proves it by its own evidence.
 *
 * Order (MongoDB, where each is a separate write): the address checked, then the article written with its events
 * (the events ride on the article's own update, see mongo-carried-events.ts), then the profile's count and answers.
 * Interrupted in between, the count lags until the profile's next article change; the unique index refuses an
 * address this profile lists already when another writer took it meanwhile. On SQLite all of it is one transaction.
 */

/**
 * Adds an article as a claim (`claimed`, counting nothing yet, so nothing to re-render). ArticleTakenError when the
 * profile lists the address already (see refuseTakenAddress).
 */
export function* addArticleSteps(unit: ArticlesUnitOfWrite, profileId: number, article: ArticleInput): Steps<ArticleClaim> {
  const canonicalUrl = canonicalizeUrl(article.link);
  const released = yield* refuseTakenAddress(unit, canonicalUrl, profileId, null);
  const fields = newClaimFields(article, canonicalUrl);
  // Released to another profile once, listed again: a new claim on the same article.
  if (released) yield* step(unit.writeArticle(released, fields, []));
  const id = released ? released.id : yield* step(unit.insertArticle(profileId, canonicalUrl, fields));
  if (id === null) return refusedMeanwhile();
  return { article: { ...article, id, profile_id: profileId }, proof: fields.proof };
}

/**
 * Changes the profile's article to `article`: false when it has no such article; ArticleTakenError as for
 * addArticleSteps. It counts when proven and now listed active; at a new address it is a new claim, counting
 * nothing until proven there. `at` is the time of the event a change of what counts sends.
 */
export function* updateArticleSteps(
  unit: ArticlesUnitOfWrite,
  profileId: number,
  articleId: number,
  article: ArticleInput,
  at: Date,
): Steps<boolean> {
  const canonicalUrl = canonicalizeUrl(article.link);
  const claim = yield* step(unit.claim(profileId, articleId));
  if (!claim) return false;
  const countedBefore = counts(claim.proof, claim.listedActive);
  if (claim.canonicalUrl === canonicalUrl) {
    const active = counts(claim.proof, article.active);
    const events = yield* articleCountEventSteps(unit, claim, countedBefore, active, at);
    yield* step(unit.writeArticle(claim, { article, active }, events));
  } else {
    yield* refuseTakenAddress(unit, canonicalUrl, profileId, articleId);
    // A new address is a new claim: its proof starts again, and what the old one counted stops counting.
    const fields = newClaimFields(article, canonicalUrl);
    const events = yield* articleCountEventSteps(unit, claim, countedBefore, false, at);
    if (!(yield* step(unit.writeArticle(claim, fields, events)))) refusedMeanwhile();
  }
  yield* rerenderAnswers(unit.answers, [profileId]);
  return true;
}

/**
 * ArticleTakenError when this profile lists the address already (unless its claim was released, and the change
 * is not an edit of another of its articles), or its claim was released by an editor's move to a profile that still
 * has it proven; returns this profile's released article at the address, if any.
 */
function* refuseTakenAddress(
  unit: ArticlesUnitOfWrite,
  canonicalUrl: string,
  profileId: number,
  ownArticleId: number | null,
): Steps<StoredArticleClaim | null> {
  const claims = yield* step(unit.claimsAt(canonicalUrl));
  let released: StoredArticleClaim | null = null;
  for (const claim of claims) {
    if (claim.id === ownArticleId || claim.profileId !== profileId) continue;
    if (claim.proof.state !== 'released' || ownArticleId !== null) throw new ArticleTakenError();
    released = claim;
  }
  if (released && claims.some((claim) => claim.profileId !== profileId && claim.proof.state === 'proven')) {
    throw new ArticleTakenError('moved-away');
  }
  return released;
}

/** A new claim of the address: counting nothing, its proof to be made, placed nowhere yet. */
function newClaimFields(
  article: ArticleInput,
  canonicalUrl: string,
): ArticleFields & { proof: ArticleProof; creditOrder: number } {
  const proof = claimedProof();
  return { article, active: false, canonicalUrl, proof, creditOrder: creditOrderOf(proof) };
}

/** The store's unique index refused the address: this profile listed it meanwhile (another writer). */
function refusedMeanwhile(): never {
  throw new ArticleTakenError();
}
