import { renderAnswers } from '../domain/rendered-answers';
import { step, type Steps } from '../database/steps';
import type { AnswersUnit } from './answers-unit';

/** Profiles re-rendered per round: one `$in` read and one batch of writes on MongoDB. */
const PROFILES_PER_ROUND = 500;

/**
 * Re-renders the answers the verifiers serve for these profiles, from what is stored now: the rule every write
 * that changes a profile's fields, its proofs or its articles ends with, written once for both databases.
 *
 * Order: the profiles are read after the change they follow, so what is rendered includes it. On SQLite this runs
 * inside the change's transaction. On MongoDB each profile's count and answers are one document update, made after
 * the change: interrupted in between, a profile keeps its previous answers, which the lookups serve only while the
 * profile is verified and the article or handle still points at it (those are written first, by the change), and
 * the next write or `byline import` of the profile renders them again.
 */
export function* rerenderAnswers(unit: AnswersUnit, profileIds: Iterable<number>): Steps<void> {
  const ids = [...new Set(profileIds)];
  for (let start = 0; start < ids.length; start += PROFILES_PER_ROUND) {
    const views = yield* step(unit.authorViews(ids.slice(start, start + PROFILES_PER_ROUND)));
    const rendered = views.map((view) => ({
      profileId: view.profile.id,
      activeArticleCount: view.activeArticleCount,
      answers: renderAnswers(view),
    }));
    yield* step(unit.saveAnswers(rendered));
  }
}
