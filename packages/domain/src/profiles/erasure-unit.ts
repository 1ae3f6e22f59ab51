import type { AnswersUnit } from '../answers/answers-unit';
import type { Step } from '../store/steps';
import type { DeliveredEventType, WebhookEvent } from '../webhook-events/webhook-event';

/** A message in an API account's delivery log, as the erasure reads it. */
export interface LoggedMessage {
  id: number;
  type: string;
  state: string;
  body: string;
}

/**
 * What erasing a profile (profile-erasure.ts) asks of a database: primitive reads, and writes that are each one
 * statement or one `deleteMany`/`updateOne`, safe to repeat. No method decides anything: what goes, what stays, what
 * is redacted and in which order is the rule's.
 */
export interface ProfileErasureUnit {
  /** The profile's slug, or null when there is no such profile. */
  slugOf(profileId: number): Step<string | null>;
  /** Every slug the profile left (after an approved change of name), as the former-slug records keep them. */
  formerSlugsOf(profileId: number): Step<string[]>;
  /**
   * Turns the verified flag off in one write, `event` for the outbox in that same write only when the flag was on
   * (a flag already off tells nobody anything); whether it was.
   */
  unverify(profileId: number, event: WebhookEvent): Step<boolean>;
  /** Takes the profile's handles out of the lookup index. */
  deleteHandles(profileId: number): Step<void>;
  claimIdsOf(profileId: number): Step<number[]>;
  evidenceIdsOf(claimIds: number[]): Step<number[]>;
  articleIdsOf(profileId: number): Step<number[]>;
  /** Deletes the queue items of `topic` with these keys. */
  dropQueued(topic: string, keys: string[]): Step<void>;
  /** Deletes the queue items of `topic` whose payload names the profile (`profileId`). */
  dropQueuedNaming(topic: string, profileId: number): Step<void>;
  /** Deletes the queued webhook events of these types whose data names `slug`. */
  dropQueuedEvents(slug: string, types: readonly DeliveredEventType[]): Step<void>;
  /** The messages of these types in every API account's delivery log whose data names `slug`. */
  loggedMessagesAbout(slug: string, types: readonly DeliveredEventType[]): Step<LoggedMessage[]>;
  writeMessageBody(messageId: number, body: string): Step<void>;
  deleteEvidence(claimIds: number[]): Step<void>;
  deleteClaims(profileId: number): Step<void>;
  /**
   * Puts the events the profile's and its articles' documents still carry onto the queue (MongoDB's outbox rides on
   * the documents); nothing on SQLite, where an event is queued by the write that makes it.
   */
  relayEventsOf(profileId: number): Step<void>;
  /**
   * Deletes the profile's records in every other table or collection that names it by id (articles, requests,
   * history, affiliations, sign-ins, attribution domains, former slugs): the adapter's list is the schema's, and the
   * portal's erasure test holds it to the schema.
   */
  deleteRecordsOf(profileId: number): Step<void>;
  deleteProfile(profileId: number): Step<void>;
  /** The portal user that owned the profile keeps its account, without a profile. */
  unlinkOwner(profileId: number): Step<void>;
  /** The answers' unit in the same write: re-rendering what the profile's leaving changes. */
  answers: AnswersUnit;
}
