import { renderAnswers, renderArticleV2 } from '../domain/rendered-answers';
import { step, type Steps } from '../database/steps';
import type { AnswersUnit } from './answers-unit';
import { rerenderOutlets } from '../outlets/rerender-outlets';

/** Profiles re-rendered per round: one `$in` read and one batch of writes on MongoDB. */
const PROFILES_PER_ROUND = 500;

/**
 * Re-renders the answers the verifiers serve for these profiles, from what is stored now: the rule every write
 * that changes a profile's fields, its verified state, its proofs, its articles or its affiliations (their
 * publishers included) ends with, written once for both databases; then the answers of the outlets they are active
 * staff of, and of `alsoPublishers` (a publisher whose own change or whose staff's leaving called for it).
 *
 * Order: the profiles are read after the change they follow, so what is rendered includes it. On SQLite this runs
 * inside the change's transaction. On MongoDB each profile's count and answers are one document update, made after
 * the change: interrupted in between, a profile keeps its previous answers, which the lookups serve only while the
 * profile is verified and the article or handle still points at it (those are written first, by the change), and
 * the next write or `byline import` of the profile renders them again.
 */
export function* rerenderAnswers(
  unit: AnswersUnit,
  profileIds: Iterable<number>,
  alsoPublishers: Iterable<number> = [],
): Steps<void> {
  const ids = [...new Set(profileIds)];
  // The outlets they are staff of show them and their latest articles (see rerenderOutlets): rendered after them.
  const outlets = new Set(alsoPublishers);
  for (let start = 0; start < ids.length; start += PROFILES_PER_ROUND) {
    const round = ids.slice(start, start + PROFILES_PER_ROUND);
    for (const publisherId of yield* step(unit.publishersOfStaff(round))) outlets.add(publisherId);
    const views = yield* step(unit.authorViews(round));
    const rendered = views.map((view) => {
      const answers = renderAnswers(view);
      return {
        profileId: view.profile.id,
        activeArticleCount: view.activeArticleCount,
        answers: { ...answers, ...renderArticleV2(answers.article, view.evidence) },
      };
    });
    yield* step(unit.saveAnswers(rendered));
  }
  yield* rerenderOutlets(unit, outlets);
}
