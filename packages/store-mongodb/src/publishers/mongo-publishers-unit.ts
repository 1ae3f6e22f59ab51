import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import { isDuplicateKey } from '../store/mongo-errors';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import { domainIdOf, toDomain, toPublisher, type PublisherDoc, type PublisherDomainDoc } from './mongo-publisher-docs';
import type { EventEntry } from '@byline/domain/publishers/publishers-repository';
import type { PublisherFields, PublishersUnitOfWrite } from '@byline/domain/publishers/publishers-unit';

export async function insertEvent(db: Db, publisherId: number, entry: EventEntry, at: string): Promise<void> {
  await withNewIds(db, COLLECTIONS.publisherEvents, async () => ({
    count: 1,
    write: async (id) => {
      await collectionOf(db, 'publisherEvents').insertOne({ _id: id, publisher_id: publisherId, ...entry, at });
    },
  }));
}

/** A publisher's fields as its document names them. */
function publisherDocFields(fields: PublisherFields): Partial<PublisherDoc> {
  const doc: Partial<PublisherDoc> = {};
  if (fields.name !== undefined) doc.name = fields.name;
  if (fields.logoUrl !== undefined) doc.logo_url = fields.logoUrl;
  if (fields.attribution !== undefined) doc.attribution = fields.attribution;
  if (fields.verifiedAt !== undefined) doc.verified_at = fields.verifiedAt;
  if (fields.verifiedBy !== undefined) doc.verified_by = fields.verifiedBy;
  if (fields.trust !== undefined) doc.trust = fields.trust;
  return doc;
}

/** The publishers' unit of write on MongoDB: each method one read or one single-document write, awaited in turn. */
export function mongoPublishersUnit(db: Db): PublishersUnitOfWrite {
  const publishers = collectionOf(db, 'publishers');
  const domains = collectionOf(db, 'publisherDomains');
  const staff = collectionOf(db, 'publisherStaff');
  return {
    async publisher(publisherId) {
      const doc = await publishers.findOne({ _id: publisherId });
      return doc ? toPublisher(doc) : null;
    },
    async domain(publisherId, domain) {
      const doc = await domains.findOne({ _id: domainIdOf(publisherId, domain) });
      return doc ? toDomain(doc) : null;
    },
    async provenDomainsOf(publisherId) {
      const proven = await domains.find({ publisher_id: publisherId, state: 'proven' }, { projection: { domain: 1 } }).toArray();
      return proven.map((each) => each.domain);
    },
    async staffOf(publisherId, which) {
      const filter = which === 'active' ? { publisher_id: publisherId, state: 'active' as const } : { publisher_id: publisherId };
      const rows = await staff.find(filter, { projection: { profile_id: 1 } }).toArray();
      const ids = rows.flatMap((row) => (row.profile_id === null ? [] : [row.profile_id]));
      return which === 'active' ? ids : [...new Set(ids)].sort((a, b) => a - b);
    },
    async writePublisher(publisherId, fields, at, event) {
      // The webhook event rides on the publisher's own update (see mongo-carried-events.ts).
      const updated = await publishers.updateOne(
        { _id: publisherId },
        { $set: { ...publisherDocFields(fields), updated_at: at }, ...(event ? pushEvents([event]) : {}) },
      );
      return updated.matchedCount > 0;
    },
    async insertDomain(publisherId, domain, token, at) {
      const doc: PublisherDomainDoc = {
        _id: domainIdOf(publisherId, domain),
        publisher_id: publisherId,
        domain,
        token,
        state: 'pending',
        method: null,
        proven_at: null,
        last_checked_at: null,
        failing_since: null,
        last_failure: null,
        added_at: at,
      };
      try {
        await domains.insertOne(doc);
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async writeDomain(publisherId, domain, fields, asRead) {
      const set = {
        state: fields.state,
        method: fields.method,
        proven_at: fields.provenAt,
        last_checked_at: fields.lastCheckedAt,
        failing_since: fields.failingSince,
        last_failure: fields.lastFailure,
      };
      // `proven_domain` exists only while proven: its unique index keeps a proven domain to one publisher.
      const update =
        fields.state === 'proven'
          ? { $set: { ...set, proven_domain: domain } }
          : { $set: set, $unset: { proven_domain: '' as const } };
      try {
        // Only while the state is the one read: the filter and the update are one document write.
        return (await domains.updateOne({ _id: domainIdOf(publisherId, domain), state: asRead }, update)).matchedCount > 0;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async deleteDomain(publisherId, domain) {
      return (await domains.deleteOne({ _id: domainIdOf(publisherId, domain) })).deletedCount > 0;
    },
    appendEvent: (publisherId, entry, at) => insertEvent(db, publisherId, entry, at),
    takeOutOfService: (publisherId, profileIds) => forgetRenderedInTurn(db, profileIds, [publisherId]),
    articles: mongoArticlesUnit(db),
    answers: mongoAnswersUnit(db),
  };
}
