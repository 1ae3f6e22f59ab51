import { formerSlugsOf } from './mongo-slugs';
import type { Db } from 'mongodb';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import { pushEvents, relayEventsOf } from '../webhook-events/mongo-outbox';
import { journalistVerificationEvent, WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { queueItemIdOf } from '../queue/mongo-leased-queue';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { ARTICLE_CHECK_TOPIC, PROOF_ATTEMPT_TOPIC } from '@byline/domain/queue/topics';
import {
  DROPPED_ON_ERASURE,
  isAboutJournalist,
  JOURNALIST_EVENT_TYPES,
  redactedJournalistBody,
  redactedOnErasure,
} from '@byline/domain/webhook-events/erased-journalist';

type CollectionName = Parameters<typeof collectionOf>[1];

/**
 * Taking a profile out of MongoDB, as its owner asked: single-document writes (FerretDB has no transactions) in an
 * order that fails safe, said beside each.
 */

/*
 * The verified flag off first: both lookups read it, so from this one write on the profile answers nothing. Then
 * its handles leave the lookup index. Interrupted in between, the handles are still indexed to an unverified
 * profile, which answers nothing either.
 */
export async function withdrawFromLookups(db: Db, profileId: number): Promise<boolean> {
  const profiles = collectionOf(db, 'profiles');
  const profile = await profiles.findOne({ _id: profileId }, { projection: { slug: 1 } });
  if (!profile) return false;
  await forgetRenderedInTurn(db, [profileId]); // the outlets it worked for show it: out of service first
  // A verified profile leaving is unverified: its webhook event rides on the same update (see mongo-outbox.ts).
  const events = pushEvents([journalistVerificationEvent(profile.slug, false)]);
  await profiles.updateOne({ _id: profileId, verified: true }, { $set: { verified: false }, ...events });
  await collectionOf(db, 'handles').deleteMany({ profile_id: profileId });
  await rerenderInTurn(db, [profileId]); // the outlets it worked for stop showing it and its articles
  return true;
}

/** Sign-ins in progress the profile started: their queue items carry it in their payload (JSON text). */
async function proofAttemptItemsOf(db: Db, profileId: number): Promise<string[]> {
  const items = await collectionOf(db, 'queueItems')
    .find({ topic: PROOF_ATTEMPT_TOPIC }, { projection: { _id: 1, payload: 1 } })
    .toArray();
  return items
    .filter((item) => (JSON.parse(item.payload) as { profileId?: number }).profileId === profileId)
    .map((item) => item._id);
}

/**
 * The webhook events about the journalist still queued for fan-out are dropped (all but journalist.unverified, see
 * DROPPED_ON_ERASURE), and the messages about them in every API account's delivery log lose their data (see
 * redactedOnErasure). Run after the profile's and articles' outbox events are relayed onto the queue.
 */
async function forgetEventsAbout(db: Db, slug: string): Promise<void> {
  const mentions = { $regex: escapeRegExp(`"slug":"${slug}"`) };
  const queued = await collectionOf(db, 'queueItems')
    .find({ topic: WEBHOOK_EVENT_TOPIC, payload: mentions }, { projection: { _id: 1, payload: 1 } })
    .toArray();
  const dropped = queued.filter((item) => {
    const event = JSON.parse(item.payload) as WebhookEvent;
    return DROPPED_ON_ERASURE.includes(event.payload.type) && event.payload.data.slug === slug;
  });
  await collectionOf(db, 'queueItems').deleteMany({ _id: { $in: dropped.map((item) => item._id) } });
  const messages = collectionOf(db, 'webhookMessages');
  const candidates = await messages
    .find({ type: { $in: [...JOURNALIST_EVENT_TYPES] }, body: mentions }, { projection: { _id: 1, type: 1, state: 1, body: 1 } })
    .toArray();
  for (const message of candidates.filter((doc) => isAboutJournalist(doc.body, slug) && redactedOnErasure(doc))) {
    await messages.updateOne({ _id: message._id }, { $set: { body: redactedJournalistBody(message.body) } });
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every collection that names the profile by its id, as erase clears them (after its claims and evidence).
 * packages/portal/test/account-erasure.test.ts fails when a collection of mongo-schema.ts is not in its lists, or
 * when one still holds the person's documents after a deletion (even one cut short and asked again).
 */
export const PROFILE_COLLECTIONS = [
  'articles',
  'verificationRequests',
  'audit',
  'publisherStaff',
  'proofAttempts',
  'formerSlugs', // their addresses are free again
] as const satisfies readonly CollectionName[];

/*
 * After withdrawFromLookups, each a write safe to repeat (a deleteMany, or an update that sets what it set before):
 * the profile's queued work (re-checks of its evidence, checks of its articles, sign-ins it started), evidence and
 * claims (so no checker works on them), the events its documents still carry (onto the queue), the articles,
 * requests, history, affiliations and attribution domains, the webhook events about it dropped or redacted; then the
 * profile document, and last the owner's link to it. The profile document goes late so that an interrupted erasure
 * is found again and finished by a retry; the user's link goes after it, so that a retry still knows which profile.
 */
export async function erase(db: Db, profileId: number): Promise<boolean> {
  const profile = await collectionOf(db, 'profiles').findOne({ _id: profileId }, { projection: { slug: 1 } });
  if (!profile || !(await withdrawFromLookups(db, profileId))) return false;
  const claims = await collectionOf(db, 'claims')
    .find({ profile_id: profileId }, { projection: { _id: 1 } })
    .toArray();
  const claimIds = claims.map((claim) => claim._id);
  const evidence = collectionOf(db, 'evidence');
  const evidenceIds = (await evidence.find({ claim_id: { $in: claimIds } }, { projection: { _id: 1 } }).toArray()).map(
    (doc) => doc._id,
  );
  const articleIds = (
    await collectionOf(db, 'articles')
      .find({ profile_id: profileId }, { projection: { _id: 1 } })
      .toArray()
  ).map((doc) => doc._id);
  await collectionOf(db, 'queueItems').deleteMany({
    _id: {
      $in: [
        ...evidenceIds.map((id) => queueItemIdOf(RECHECK_TOPIC, String(id))),
        ...articleIds.map((id) => queueItemIdOf(ARTICLE_CHECK_TOPIC, String(id))),
        ...(await proofAttemptItemsOf(db, profileId)),
      ],
    },
  });
  await evidence.deleteMany({ claim_id: { $in: claimIds } });
  await collectionOf(db, 'claims').deleteMany({ profile_id: profileId });
  // Events the articles and the profile still carry go onto the queue before their documents do.
  await relayEventsOf(db, COLLECTIONS.articles, { profile_id: profileId });
  await relayEventsOf(db, COLLECTIONS.profiles, { _id: profileId });
  // Messages sent before an approved change of name carry its former slugs: they are about her too. Forgotten
  // before the former slugs go with the profile's collections, so that a retry still knows them.
  for (const named of [profile.slug, ...(await formerSlugsOf(db, profileId))]) await forgetEventsAbout(db, named);
  for (const name of PROFILE_COLLECTIONS) await collectionOf(db, name).deleteMany({ profile_id: profileId });
  await collectionOf(db, 'attributionDomains').deleteOne({ _id: profileId });
  await collectionOf(db, 'profiles').deleteOne({ _id: profileId });
  await collectionOf(db, 'portalUsers').updateMany({ profile_id: profileId }, { $set: { profile_id: null } });
  return true;
}
