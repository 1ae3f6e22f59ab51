import type { Publisher, PublisherDomain, PublisherEvent } from '@byline/domain/publishers/publishers-repository';
import { storedNames } from '@byline/domain/documents/stored-names';
import { PUBLISHER_DOMAIN_FIELDS, PUBLISHER_EVENT_FIELDS, PUBLISHER_FIELDS } from '@byline/domain/publishers/publisher-fields';
import { type MongoCollection, numberedCollection } from '../documents/mongo-documents';

/** Publishers (unique index: the slug), carrying their webhook events (see the webhook-events folder). */
export const PUBLISHERS_COLLECTION = numberedCollection<Publisher>('publishers', PUBLISHER_FIELDS, {
  unique: ['slug'],
});

/** A publisher's domains, read by name; proven_domain and the rendered answers are written by hand. */
export const PUBLISHER_DOMAINS_COLLECTION: MongoCollection<PublisherDomain> = {
  name: 'publisherDomains',
  fields: storedNames(PUBLISHER_DOMAIN_FIELDS),
  key: 'domain',
  idOf: ['publisherId', 'domain'],
};

export const PUBLISHER_EVENTS_COLLECTION = numberedCollection<PublisherEvent>('publisherEvents', PUBLISHER_EVENT_FIELDS);

/** A domain's `_id`, as PUBLISHER_DOMAINS_COLLECTION names it. */
export const domainIdOf = (publisherId: number, domain: string) => JSON.stringify([publisherId, domain]);
