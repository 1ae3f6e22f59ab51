import { newChange } from '../credentials/note-credential-claims';
import { step, type Steps } from '../store/steps';
import type { AnswersUnit } from './answers-unit';

/**
 * Takes out of service what these profiles' answers show, and the answers of the outlets they are active staff of
 * (and of `alsoPublishers`), BEFORE a change that removes something they show (a proof, a claim, an affiliation, a
 * publisher's verification or domain, a journalist's verification): the rule written once for both databases, which
 * every such change runs first. Where the change and its re-render commit together (SQLite's transaction: the unit
 * has no `outOfService` writes), nothing is ever served between them, and nothing is taken out of service. Where
 * they cannot (MongoDB, no transactions), a change interrupted before its re-render would otherwise leave served
 * what is gone, which no retry repairs. Until the re-render after the change, lookups render the answers from what
 * is stored (see MongoStore and outletFor).
 *
 * What goes, per round of profiles, in this order (each write a single update of many documents; interrupted
 * anywhere, the change has not begun and nothing it undoes was ever served, only some things unserved until their
 * next re-render):
 * 1. the profiles' rendered v2 answers, their render revisions moved on;
 * 2. their credentials: pending from now (a new change) and awaiting the note of the re-render after the change, so
 *    none is served, nor issued again from the claims as they were, until that note says what the change leaves;
 * 3. Byline's Bluesky verification records naming them: withdrawn (no subject) until the note of the re-render after
 *    the change names their subject again (it then differs, and the worker finds the standing record says what it
 *    asks: nothing is rewritten), and due now, as a note's change is (a display name's next read gives way to it).
 *    A change whose re-render never comes (its process killed in between) has the record deleted rather than left
 *    asserting what the change undid;
 * then, once, the rendered answers of every domain of the outlets (those the profiles were active staff of when
 * this began, and `alsoPublishers`), their render revisions moved on.
 *
 * Moving the render revisions on means a re-render running concurrently (another request, another process) that
 * read them before this cannot save after it (a save applies only at the revision its read saw: see
 * AnswersUnit.saveAnswers); one that reads after this but before the change still can, and then the change's own
 * re-render, which reads after the change, saves over it or (its save missing) renders once more. What remains: such
 * a concurrent re-render, reading in the few milliseconds between this and the change and saving before the change's
 * re-render does, AND the process making the change killed after the change but before its re-render: that answer,
 * showing what is gone, stays until the profile's next change. Taking them out of service once more after the change
 * would narrow this to the moment between the change and that second time, but only each caller knows its change is
 * done (a re-render cannot tell a removal's from any other), so it is left as said.
 */
export function* takeOutOfService(
  unit: AnswersUnit,
  profileIds: Iterable<number>,
  alsoPublishers: Iterable<number> = [],
): Steps<void> {
  const writes = unit.outOfService;
  if (!writes) return;
  // A store that takes answers out of service keeps credentials and verification records too: skipping them would
  // leave those served after the change.
  if (!unit.credentials || !unit.blueskyVerifications) {
    throw new Error('taking out of service needs the credentials and the Bluesky verification records');
  }
  const { credentials, blueskyVerifications } = unit;
  const ids = [...new Set(profileIds)];
  const publishers = new Set(alsoPublishers);
  if (ids.length) {
    for (const publisherId of yield* step(unit.publishersOfStaff(ids))) publishers.add(publisherId);
    for (let start = 0; start < ids.length; start += writes.profilesPerWrite) {
      const round = ids.slice(start, start + writes.profilesPerWrite);
      yield* step(writes.forgetV2Answers(round));
      yield* step(credentials.updateAll({ profileId: { in: round } }, { change: newChange(), awaitingNote: true }));
      yield* step(
        blueskyVerifications.updateAll(
          { profileId: { in: round }, subject: { gt: '' } },
          { subject: null, change: newChange(), dueAt: null },
        ),
      );
    }
  }
  if (publishers.size) yield* step(writes.forgetOutletsOf([...publishers]));
}
