import { rerenderAnswers } from '../answers/rerender-answers';
import { takeOutOfService } from '../answers/take-out-of-service';
import { step, type Steps } from '../store/steps';
import { ARTICLE_CHECK_TOPIC, PROOF_ATTEMPT_TOPIC } from '../queue/topics';
import { RECHECK_TOPIC } from '../recheck/recheck-records';
import {
  DROPPED_ON_ERASURE,
  JOURNALIST_EVENT_TYPES,
  redactedJournalistBody,
  redactedOnErasure,
} from '../webhook-events/erased-journalist';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import type { ProfileErasureUnit } from './erasure-unit';

/*
 * Taking a profile out of the store, as its owner asked, written once for both databases (see database/steps.ts).
 * On SQLite each of these is one transaction: all of it is done or none. On MongoDB (no transactions) each step is a
 * single-document write or a write safe to repeat, in an order that fails safe: nothing is lost or half-deleted that
 * a retry of the erasure (the portal asks again) does not find and finish.
 */

/**
 * Off the verifiers at once. Order: the answers showing it out of service first (MongoDB); then the verified flag
 * off, which both lookups read, so from that one write on the profile answers nothing (a verified profile leaving is
 * unverified, told by webhook in the same write); then its handles leave the lookup index (interrupted in between,
 * they are indexed to an unverified profile, which answers nothing either); then the outlets it worked for are
 * rendered again without it and its articles. False when there is no such profile.
 */
export function* withdrawFromLookupsSteps(unit: ProfileErasureUnit, profileId: number): Steps<boolean> {
  const slug = yield* step(unit.slugOf(profileId));
  if (slug === null) return false;
  yield* takeOutOfService(unit.answers, [profileId]);
  yield* step(unit.unverify(profileId, journalistVerificationEvent(slug, false)));
  yield* step(unit.deleteHandles(profileId));
  yield* rerenderAnswers(unit.answers, [profileId]);
  return true;
}

/**
 * Every record of the profile goes: its queued work, evidence, claims, articles, requests, history, pending identity
 * change (on its document), handles, affiliations with publishers, attribution domains, and the profile itself; the
 * webhook events about it are dropped or redacted (forgetEventsAbout). The portal user that owns it keeps its
 * account, without a profile (the caller removes it). False when there is no such profile.
 *
 * Order, after withdrawFromLookupsSteps, each write safe to repeat: the profile's queued work (re-checks of its
 * evidence, checks of its articles, sign-ins it started), then evidence and claims (so no checker works on them);
 * the events its documents still carry go onto the queue before those documents go; the webhook events about it are
 * forgotten, under its slug and every former one, before the former slugs go with its other records; then the
 * profile document, and last the owner's link to it. The profile document goes late so that an interrupted erasure
 * is found again and finished by a retry; the owner's link after it, so that a retry still knows which profile.
 */
export function* eraseSteps(unit: ProfileErasureUnit, profileId: number): Steps<boolean> {
  const slug = yield* step(unit.slugOf(profileId));
  if (slug === null || !(yield* withdrawFromLookupsSteps(unit, profileId))) return false;
  const claimIds = yield* step(unit.claimIdsOf(profileId));
  const evidenceIds = yield* step(unit.evidenceIdsOf(claimIds));
  const articleIds = yield* step(unit.articleIdsOf(profileId));
  yield* step(unit.dropQueued(RECHECK_TOPIC, evidenceIds.map(String)));
  yield* step(unit.dropQueued(ARTICLE_CHECK_TOPIC, articleIds.map(String)));
  yield* step(unit.dropQueuedNaming(PROOF_ATTEMPT_TOPIC, profileId));
  yield* step(unit.deleteEvidence(claimIds));
  yield* step(unit.deleteClaims(profileId));
  yield* step(unit.relayEventsOf(profileId));
  // Messages sent before an approved change of name carry its former slugs: they are about her too.
  const formerSlugs = yield* step(unit.formerSlugsOf(profileId));
  for (const named of new Set([slug, ...formerSlugs])) yield* forgetEventsAbout(unit, named);
  yield* step(unit.deleteRecordsOf(profileId));
  yield* step(unit.deleteProfile(profileId));
  yield* step(unit.unlinkOwner(profileId));
  return true;
}

/**
 * The webhook events about the journalist still queued for fan-out are dropped (all but journalist.unverified, see
 * DROPPED_ON_ERASURE), and the messages about them in every API account's delivery log lose their data (see
 * redactedOnErasure). The delivery logs are read whole for it (30 days of messages): a deletion is rare.
 */
function* forgetEventsAbout(unit: ProfileErasureUnit, slug: string): Steps<void> {
  yield* step(unit.dropQueuedEvents(slug, DROPPED_ON_ERASURE));
  const messages = yield* step(unit.loggedMessagesAbout(slug, JOURNALIST_EVENT_TYPES));
  for (const message of messages.filter(redactedOnErasure)) {
    yield* step(unit.writeMessageBody(message.id, redactedJournalistBody(message.body)));
  }
}
