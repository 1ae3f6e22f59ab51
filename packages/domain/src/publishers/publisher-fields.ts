import { fieldsOf } from '../documents/stored-names';
import type { Publisher, PublisherDomain, PublisherEvent } from './publishers-repository';

/** The fields of a publisher, its domains and its history, as both stores keep them (see stored-names.ts). */
export const PUBLISHER_FIELDS = fieldsOf<Publisher>()([
  'id',
  'slug',
  'name',
  'logoUrl',
  'verifiedAt',
  'verifiedBy',
  'adminUserId',
  'attribution',
  'trust',
  'createdAt',
  'updatedAt',
]);

export const PUBLISHER_DOMAIN_FIELDS = fieldsOf<PublisherDomain>()([
  'publisherId',
  'domain',
  'token',
  'state',
  'method',
  'provenAt',
  'lastCheckedAt',
  'failingSince',
  'lastFailure',
  'addedAt',
]);

export const PUBLISHER_EVENT_FIELDS = fieldsOf<PublisherEvent>()(['id', 'publisherId', 'actor', 'action', 'note', 'at']);
