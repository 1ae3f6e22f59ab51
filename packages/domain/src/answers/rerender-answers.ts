import { renderAnswers, renderArticleV2 } from '../domain/rendered-answers';
import { step, type Steps } from '../store/steps';
import type { AnswersUnit, EvidencedView } from './answers-unit';
import { RENDER_ATTEMPTS, rerenderOutlets } from '../outlets/rerender-outlets';
import { claimsOf } from '../credentials/credential-claims';
import { noteCredentialClaims } from '../credentials/note-credential-claims';
import { noteBlueskyVerifications, verificationSubjectOf } from '../bluesky-verification/note-bluesky-verifications';

/** Profiles re-rendered per round: one `$in` read and one batch of writes on MongoDB. */
const PROFILES_PER_ROUND = 500;

/** A profile of the round as last read (undefined: gone), and the revision its notes are written at. */
interface NotedRead {
  profileId: number;
  view: EvidencedView | undefined;
  revision: number;
}

/**
 * The profiles of the round whose credential and Bluesky verification are noted, from their last read: those whose
 * answers were saved, and those gone. One whose saves all missed is left to the write that moved its revision on,
 * which notes its own read.
 */
function notedReadsOf(round: number[], read: Map<number, EvidencedView>, missed: number[], goneRevision: number): NotedRead[] {
  const left = new Set(missed);
  return round.flatMap((profileId) => {
    if (left.has(profileId)) return [];
    const view = read.get(profileId);
    return [{ profileId, view, revision: view ? view.revision : goneRevision }];
  });
}

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
 *
 * Concurrent re-renders (MongoDB): each profile has a render revision, read before anything its answers are rendered
 * from; a save applies only while the revision is the one read, and moves it on, as forgetting the answers does
 * (takeOutOfService, before a change that takes something away). A save that finds it moved is rendered again
 * from a fresh read, so the answers last saved always come from a read that began after the last save or
 * forgetting; after RENDER_ATTEMPTS misses the answers are left out of service (lookups render them from what is
 * stored, never wrong). On SQLite no save misses: nothing else writes inside the transaction.
 *
 * Each profile's credential then learns what it must claim now (noteCredentialClaims), from the same read: the
 * worker issues it again, or withdraws it, and nothing is served until it has; and its Bluesky verification whom
 * Byline's record must name (noteBlueskyVerifications), which the worker publishes, re-issues or deletes.
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
    let missed = round;
    const read = new Map<number, EvidencedView>();
    for (let attempt = 0; missed.length > 0 && attempt < RENDER_ATTEMPTS; attempt++) {
      const views = yield* step(unit.authorViews(missed));
      // A profile read before and gone now (erased meanwhile) claims nothing: its earlier read must not be noted.
      for (const id of missed) read.delete(id);
      for (const view of views) read.set(view.profile.id, view);
      const rendered = views.map((view) => {
        const answers = renderAnswers(view);
        return {
          profileId: view.profile.id,
          activeArticleCount: view.activeArticleCount,
          answers: { ...answers, ...renderArticleV2(answers.article, view.evidence) },
          revision: view.revision,
        };
      });
      missed = yield* step(unit.saveAnswers(rendered));
    }
    if (missed.length > 0) yield* step(unit.forgetAnswers(missed));
    const noted = notedReadsOf(round, read, missed, unit.goneRevision);
    if (unit.credentials) {
      yield* noteCredentialClaims(
        unit.credentials,
        noted.map(({ profileId, view, revision }) => ({ profileId, claims: claimsOf(view), revision })),
      );
    }
    if (unit.blueskyVerifications && noted.length) {
      const accounts = yield* step(unit.provenBlueskyAccounts(noted.flatMap(({ view }) => (view ? [view.profile.id] : []))));
      yield* noteBlueskyVerifications(
        unit.blueskyVerifications,
        noted.map(({ profileId, view, revision }) => ({
          profileId,
          subject: verificationSubjectOf(view?.profile, accounts),
          revision,
        })),
      );
    }
  }
  yield* rerenderOutlets(unit, outlets);
}
