import type { Documents } from '../documents/documents';
import type { Steps } from '../store/steps';
import type { PublisherDomains } from './publisher-domains-repository';
import type { NewPublisherEvent, Publisher, PublisherDomain, PublisherEvent, Publishers } from './publishers-repository';
import type { PublishersUnitOfWrite } from './publishers-unit';

/**
 * A publisher, its domains and its history as the generic document port stores them: each as the publishers'
 * ports show it (a domain named by its publisher and its name together; trust.txt's reading an object read whole).
 */
export interface PublisherDocuments {
  publishers: Documents<Publisher, Omit<Publisher, 'id'>>;
  domains: Documents<PublisherDomain>;
  events: Documents<PublisherEvent, NewPublisherEvent>;
}

/**
 * What the publishers' unit of write takes from each database besides their documents: the staff (another
 * resource's), a domain's checked state (each database keeps a proven domain to one publisher its own way: a partial
 * unique index on SQLite, a field only proven domains carry in MongoDB), and the other resources' units in the same
 * write.
 */
export type StoredPublishersUnit = Pick<PublishersUnitOfWrite, 'staffOf' | 'writeDomain' | 'articles' | 'answers'>;

/**
 * What each database keeps of the publishers by hand: the unit of write (one transaction on SQLite, inside which the
 * documents' steps run; each step awaited in turn on MongoDB), the verifiers' host lookups (a join on SQLite, read
 * on the lookups' connection), and the deletion of a mistaken publisher, whose order each database's own
 * constraints set (SQLite's foreign keys refuse the publisher before its domains and history, and refuse it too
 * while an invitation names it).
 */
export interface StoredPublishers extends Pick<PublisherDomains, 'matchHost' | 'outletFor'>, Pick<Publishers, 'delete'> {
  inOneWrite<T>(steps: (unit: StoredPublishersUnit) => Steps<T>): Promise<T>;
}

/** A new domain to prove: pending, with its token. */
export const newDomain = (publisherId: number, domain: string, token: string, at: string): PublisherDomain => ({
  publisherId,
  domain,
  token,
  state: 'pending',
  method: null,
  provenAt: null,
  lastCheckedAt: null,
  failingSince: null,
  lastFailure: null,
  addedAt: at,
});

/** Publishers as their lists show them: by slug. */
export const bySlug = (publishers: Publisher[]): Publisher[] =>
  publishers.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
