import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { queueItemIdOf } from '../queue/mongo-leased-queue';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { relayEventsOf } from '../webhook-events/mongo-carried-events';
import { isAboutJournalist } from '@byline/domain/webhook-events/erased-journalist';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import { erasureUnitOver, type ErasureDocuments } from '@byline/domain/profiles/erasure-documents';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn } from '../store/mongo-database';
import { claimDocumentsOf } from '../claims/mongo-claims-unit';
import { USERS_COLLECTION } from '../users/mongo-users-collection';
import { WEBHOOK_MESSAGES_COLLECTION } from '../webhooks/mongo-webhook-collections';
import { ARTICLES_COLLECTION } from '../articles/mongo-articles';
import { profileDocumentsOf } from './mongo-profiles-collection';

type CollectionName = Parameters<typeof collectionOf>[1];

/**
 * Every collection that names the profile by its id, as deleteRecordsOf clears them (attributionDomains too, by its
 * `_id`). packages/portal/test/account-erasure.test.ts fails when a collection of mongo-schema.ts is not in its
 * lists, or when one still holds the person's documents after a deletion (even one cut short and asked again).
 */
export const PROFILE_COLLECTIONS = [
  'articles',
  'verificationRequests',
  'audit',
  'publisherStaff',
  'proofAttempts',
  'formerSlugs', // their addresses are free again
] as const satisfies readonly CollectionName[];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A prefilter on JSON text that names `slug`: the server narrows, the caller parses to be sure. */
const mentions = (slug: string) => ({ $regex: escapeRegExp(`"slug":"${slug}"`) });

/**
 * The erasure's unit of write on MongoDB: each method one read, or one write safe to repeat (a deleteMany, or an
 * update that sets what it set before), awaited in the rule's order (FerretDB has no transactions). Slugs, claims,
 * proofs, articles, messages and users are the generic documents' (erasureUnitOver).
 */
export function mongoErasureUnit(db: Db): ProfileErasureUnit {
  const profiles = collectionOf(db, 'profiles');
  const queueItems = collectionOf(db, 'queueItems');
  const database = inTurn(db);
  const documents: ErasureDocuments = {
    ...claimDocumentsOf(database),
    formerSlugs: profileDocumentsOf(database).formerSlugs,
    articles: new MongoDocuments(database, ARTICLES_COLLECTION).steps,
    messages: new MongoDocuments(database, WEBHOOK_MESSAGES_COLLECTION).steps,
    users: new MongoDocuments(database, USERS_COLLECTION).steps,
  };
  return erasureUnitOver(documents, {
    async deleteHandles(profileId) {
      await collectionOf(db, 'handles').deleteMany({ profile_id: profileId });
    },
    takeOutOfService: (profileIds) => forgetRenderedInTurn(db, profileIds),
    async dropQueued(topic, keys) {
      await queueItems.deleteMany({ _id: { $in: keys.map((key) => queueItemIdOf(topic, key)) } });
    },
    async dropQueuedNaming(topic, profileId) {
      // Their payload is JSON text: read the topic's items and parse each.
      const items = await queueItems.find({ topic }, { projection: { _id: 1, payload: 1 } }).toArray();
      const naming = items.filter((item) => (JSON.parse(item.payload) as { profileId?: number }).profileId === profileId);
      await queueItems.deleteMany({ _id: { $in: naming.map((item) => item._id) } });
    },
    async dropQueuedEvents(slug, types) {
      const queued = await queueItems
        .find({ topic: WEBHOOK_EVENT_TOPIC, payload: mentions(slug) }, { projection: { _id: 1, payload: 1 } })
        .toArray();
      const dropped = queued.filter((item) => {
        const event = JSON.parse(item.payload) as WebhookEvent;
        return types.includes(event.payload.type) && event.payload.data.slug === slug;
      });
      await queueItems.deleteMany({ _id: { $in: dropped.map((item) => item._id) } });
    },
    async loggedMessagesAbout(slug, types) {
      const candidates = await collectionOf(db, 'webhookMessages')
        .find({ type: { $in: [...types] }, body: mentions(slug) }, { projection: { _id: 1, type: 1, state: 1, body: 1 } })
        .toArray();
      return candidates
        .filter((doc) => isAboutJournalist(doc.body, slug))
        .map((doc) => ({ id: doc._id, type: doc.type, state: doc.state, body: doc.body }));
    },
    async relayEventsOf(profileId) {
      await relayEventsOf(db, COLLECTIONS.articles, { profile_id: profileId });
      await relayEventsOf(db, COLLECTIONS.profiles, { _id: profileId });
    },
    async deleteRecordsOf(profileId) {
      for (const name of PROFILE_COLLECTIONS) await collectionOf(db, name).deleteMany({ profile_id: profileId });
      await collectionOf(db, 'attributionDomains').deleteOne({ _id: profileId });
    },
    async deleteProfile(profileId) {
      await profiles.deleteOne({ _id: profileId });
    },
    answers: mongoAnswersUnit(db),
  });
}
