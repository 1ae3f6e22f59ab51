import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import type { ArticleProof } from '../articles/article-proof';
import { withAttributionBasis, type AffiliationOfRecord } from '../articles/attribution-basis-backfill';
import { endVouchedArticlesSteps, endVouchingSteps, vouchingAsItStands } from '../articles/end-vouched-articles';
import { rerenderOutlets } from '../outlets/rerender-outlets';
import { step, type Steps } from '../store/steps';
import { withoutTrackingParams } from '../url/canonical-url';
import type { AttributedArticle, DataStepsUnit, RenderReason } from './data-steps-unit';

/**
 * The data steps: one-time changes of stored data that follow the rules, run at start-up after the schema change
 * they need, each once, by name (the stores record the names they ran). Written once for both databases over a
 * DataStepsUnit. Each is idempotent and resumable: processes starting together may run one at the same time, and
 * one interrupted is run again at the next start.
 */
export type DataStep = (unit: DataStepsUnit, now: string) => Steps<void>;

/** Who the history names when a step ends a credit and nothing it read names anyone. */
export const DATA_STEP_ACTOR = 'byline:migration';

/** Rows per short write: a step over a large store never holds it for long. */
const CHUNK = 500;

/** Renders the answers of the profiles the reason selects again, a chunk per short write (resumable). */
function* renderAgain(unit: DataStepsUnit, reason: RenderReason): Steps<void> {
  for (let afterId = 0; ;) {
    const ids = yield* step(
      unit.ownWrite(function* () {
        const chunk = yield* step(unit.profilesToRender(reason, afterId, CHUNK));
        yield* rerenderAnswers(unit.answers, chunk);
        return chunk;
      }),
    );
    if (ids.length === 0) return;
    afterId = ids[ids.length - 1]!;
  }
}

/** Every publisher's domains' answers, rendered from what is stored (see rerenderOutlets). */
function* renderEveryOutlet(unit: DataStepsUnit): Steps<void> {
  const ids = yield* step(unit.publisherIds());
  yield* step(unit.ownWrite(() => rerenderOutlets(unit.answers, ids)));
}

/**
 * Data step 038 (see withAttributionBasis), in two passes: each of the worker's attributions without its basis gets
 * it (one short write per article); then each affiliation no longer active that a live credit by name rests on has
 * its end applied (its answers out of service first, the proofs ended with their history and events, the answers
 * re-rendered). Interrupted between the passes, the next run's second pass finds those credits by their basis.
 */
function* recordAttributionBases(unit: DataStepsUnit, now: string): Steps<void> {
  const known = new Map<number, AffiliationOfRecord[]>();
  const affiliationsOf = function* (profileId: number): Steps<AffiliationOfRecord[]> {
    const cached = known.get(profileId);
    if (cached) return cached;
    const read = yield* step(unit.affiliationsOf(profileId));
    known.set(profileId, read);
    return read;
  };
  const ending = new Map<number, { profileId: number; affiliation: AffiliationOfRecord }>();
  yield* eachAttributedArticle(unit, function* (article) {
    const { proof, endedVouching } = withAttributionBasis(article.proof, yield* affiliationsOf(article.profileId));
    // Its check and its write in one short write: another process's basis or ending is never undone.
    if (proof) yield* step(unit.ownWrite(() => recordBasis(unit, article.id, proof, article.proof)));
    for (const affiliation of endedVouching) ending.set(affiliation.id, { profileId: article.profileId, affiliation });
  });
  // The credits whose basis an earlier, interrupted run recorded.
  yield* eachAttributedArticle(unit, function* (article) {
    if (!article.proven) return;
    for (const evidence of article.proof.evidence) {
      const basis = evidence.attribution;
      if (!basis || basis.by !== 'name' || evidence.endedAt !== null || ending.has(basis.affiliationId)) continue;
      const affiliation = (yield* affiliationsOf(article.profileId)).find((each) => each.id === basis.affiliationId);
      if (affiliation && affiliation.state !== 'active')
        ending.set(affiliation.id, { profileId: article.profileId, affiliation });
    }
  });
  for (const { profileId, affiliation } of ending.values()) {
    const about = {
      affiliationId: affiliation.id,
      profileId,
      publisherName: affiliation.publisherName,
      actor: affiliation.endedBy ?? DATA_STEP_ACTOR,
    };
    yield* step(
      unit.ownWrite(function* () {
        yield* takeOutOfService(unit.answers, [profileId], [affiliation.publisherId]);
        yield* endVouchedArticlesSteps(unit.articles, about, affiliation.endedAt ?? now);
        yield* rerenderAnswers(unit.answers, [profileId], [affiliation.publisherId]);
      }),
    );
  }
}

/** Every article with evidence from the worker's attribution, a page of CHUNK at a time in id order. */
function* eachAttributedArticle(unit: DataStepsUnit, each: (article: AttributedArticle) => Steps<void>): Steps<void> {
  for (let afterId = 0; ;) {
    const page = yield* step(unit.attributedArticles(afterId, CHUNK));
    if (page.length === 0) return;
    afterId = page[page.length - 1]!.id;
    for (const article of page) yield* each(article);
  }
}

function* recordBasis(unit: DataStepsUnit, articleId: number, proof: ArticleProof, was: ArticleProof): Steps<void> {
  yield* step(unit.recordAttributionBasis(articleId, proof, was));
}

/**
 * Data step 039 (see vouchingAsItStands): per publisher, in a short write of its own, the credits by name resting on
 * a vouching that no longer holds end, then their owners' answers are re-rendered. Run again, it finds nothing live
 * to end; interrupted before a re-render (MongoDB), the answers lag until the profile's next change (an ended proof
 * never answers: the article lapsed with it).
 */
function* endVouchingAsItStands(unit: DataStepsUnit, now: string): Steps<void> {
  for (const publisherId of yield* step(unit.publisherIds())) {
    yield* step(
      unit.ownWrite(function* () {
        const standing = yield* step(unit.standingOf(publisherId));
        if (!standing || standing.profileIds.length === 0) return;
        const ended = yield* endVouchingSteps(unit.articles, vouchingAsItStands(standing, DATA_STEP_ACTOR, now), now);
        if (ended.profileIds.length) yield* rerenderAnswers(unit.answers, ended.profileIds, [publisherId]);
      }),
    );
  }
}

/**
 * Data step 045: article links stored before links were cleaned lose the parameters that only track a click (the
 * list the canonical form drops, so no article changes identity), each only while it is still the link read; then
 * the answers that show them are re-rendered. Idempotent: a clean link is left alone.
 */
function* dropTrackingFromArticleLinks(unit: DataStepsUnit): Steps<void> {
  const links = yield* step(unit.articleLinksWithQuery());
  yield* step(
    unit.ownWrite(function* () {
      const owners = new Set<number>();
      for (const { id, profileId, link } of links) {
        const clean = withoutTrackingParams(link);
        if (clean === link) continue;
        yield* step(unit.setArticleLink(id, clean, link));
        owners.add(profileId);
      }
      yield* rerenderAnswers(unit.answers, owners);
    }),
  );
}

/**
 * What follows a migration's change of profiles' stored fields (a handle rewritten, a claim unlisted): their answers,
 * rendered again from what is stored. A migration that changes them reports them here; it renders nothing itself.
 */
export function* answersFollow(unit: DataStepsUnit, profileIds: Iterable<number>): Steps<void> {
  yield* rerenderAnswers(unit.answers, profileIds);
}

/** The data steps by the name both stores record them under (a store runs those its history needs). */
export const DATA_STEPS = {
  '004-render-existing-answers': (unit) => renderAgain(unit, 'article'),
  '017-tag-existing-answers': (unit) => renderAgain(unit, 'article-tag'),
  '027-render-unproven-article-owners': (unit) => renderAgain(unit, 'unproven-articles'),
  '033-render-article-v2-answers': (unit) => renderAgain(unit, 'article-v2'),
  '035-render-outlet-answers': renderEveryOutlet,
  '038-attribution-basis': recordAttributionBases,
  '039-vouching-as-it-stands': endVouchingAsItStands,
  '045-article-links-without-tracking': dropTrackingFromArticleLinks,
  // Profiles with a proven Bluesky account, re-rendered: their re-render notes whom Byline's verification record must
  // name, so journalists verified before Byline published records get one too.
  '054-note-bluesky-verifications': (unit) => renderAgain(unit, 'bluesky-claims'),
} satisfies Record<string, DataStep>;

export type DataStepName = keyof typeof DATA_STEPS;
