import type { Db } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { relayEventsOf } from '../webhook-events/mongo-carried-events';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import { erasureUnitOver, type ErasureDocuments } from '@byline/domain/profiles/erasure-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import { HANDLE_FIELDS, type HandleDocument } from '@byline/domain/social/handle-fields';
import { QUEUE_ITEM_FIELDS, type QueueItemDocument } from '@byline/domain/queue/queue-item-fields';
import { MongoDocuments, type MongoCollection } from '../documents/mongo-documents';
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

/** The handle lookup index, as the erasure clears a profile's entries (the verifiers read it by hand). */
export const HANDLES_COLLECTION: MongoCollection<HandleDocument> = {
  name: 'handles',
  fields: storedNames(HANDLE_FIELDS),
  key: ['socialType', 'handleKey'],
  unique: [['socialType', 'handleKey']],
};

/** The leased queue's items, as the erasure reads and drops them: the `_id` is JSON [topic, key]. */
export const QUEUE_ITEMS_COLLECTION: MongoCollection<QueueItemDocument> = {
  name: 'queueItems',
  fields: storedNames(QUEUE_ITEM_FIELDS),
  key: ['topic', 'key'],
  idOf: ['topic', 'key'],
};

/**
 * The erasure's unit of write on MongoDB: each method one read, or one write safe to repeat (a deleteMany, or an
 * update that sets what it set before), awaited in the rule's order (FerretDB has no transactions). All but
 * relaying carried events, the collections naming the profile and the answers are the generic documents'
 * (erasureUnitOver).
 */
export function mongoErasureUnit(db: Db): ProfileErasureUnit {
  const database = inTurn(db);
  const documents: ErasureDocuments = {
    ...claimDocumentsOf(database),
    formerSlugs: profileDocumentsOf(database).formerSlugs,
    articles: new MongoDocuments(database, ARTICLES_COLLECTION).steps,
    messages: new MongoDocuments(database, WEBHOOK_MESSAGES_COLLECTION).steps,
    users: new MongoDocuments(database, USERS_COLLECTION).steps,
    handles: new MongoDocuments(database, HANDLES_COLLECTION).steps,
    queue: new MongoDocuments(database, QUEUE_ITEMS_COLLECTION).steps,
  };
  return erasureUnitOver(documents, {
    async relayEventsOf(profileId) {
      await relayEventsOf(db, COLLECTIONS.articles, { profile_id: profileId });
      await relayEventsOf(db, COLLECTIONS.profiles, { _id: profileId });
    },
    async deleteRecordsOf(profileId) {
      for (const name of PROFILE_COLLECTIONS) await collectionOf(db, name).deleteMany({ profile_id: profileId });
      await collectionOf(db, 'attributionDomains').deleteOne({ _id: profileId });
    },
    answers: mongoAnswersUnit(db),
  });
}
