import type { Publisher, PublisherDomain, PublisherEvent } from '@byline/domain/publishers/publishers-repository';
import type { MongoCollection } from '../documents/mongo-documents';

/** Publishers (unique index: the slug), carrying their webhook events (see the webhook-events folder). */
export const PUBLISHERS_COLLECTION: MongoCollection<Publisher> = {
  name: 'publishers',
  fields: {
    id: '_id',
    slug: 'slug',
    name: 'name',
    logoUrl: 'logo_url',
    verifiedAt: 'verified_at',
    verifiedBy: 'verified_by',
    adminUserId: 'admin_user_id',
    attribution: 'attribution',
    trust: 'trust',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  key: 'id',
  generatedKey: true,
  unique: ['slug'],
};

/** A publisher's domains, read by name; proven_domain and the rendered answers are written by hand. */
export const PUBLISHER_DOMAINS_COLLECTION: MongoCollection<PublisherDomain> = {
  name: 'publisherDomains',
  fields: {
    publisherId: 'publisher_id',
    domain: 'domain',
    token: 'token',
    state: 'state',
    method: 'method',
    provenAt: 'proven_at',
    lastCheckedAt: 'last_checked_at',
    failingSince: 'failing_since',
    lastFailure: 'last_failure',
    addedAt: 'added_at',
  },
  key: 'domain',
  idOf: ['publisherId', 'domain'],
};

export const PUBLISHER_EVENTS_COLLECTION: MongoCollection<PublisherEvent> = {
  name: 'publisherEvents',
  fields: { id: '_id', publisherId: 'publisher_id', actor: 'actor', action: 'action', note: 'note', at: 'at' },
  key: 'id',
  generatedKey: true,
};

/** A domain's `_id`, as PUBLISHER_DOMAINS_COLLECTION names it. */
export const domainIdOf = (publisherId: number, domain: string) => JSON.stringify([publisherId, domain]);
