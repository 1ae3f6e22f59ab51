import type { Steps } from '../store/steps';
import type { PublisherDomains } from './publisher-domains-repository';
import type { PublisherHistory } from './publisher-history-repository';
import type { Publishers } from './publishers-repository';
import type { PublishersUnitOfWrite } from './publishers-unit';

/** The changes that are rules over the store (publisher-changes.ts), not writes of it. */
export type PublishersRuledChanges = 'setVerified' | 'setTrust' | 'addDomain' | 'recordCheck' | 'removeDomain' | 'update';

/**
 * The three publisher ports as one object: what publishersOver makes of a database adapter. One adapter serves all
 * three, since the rules of one (a domain's removal, an editor's decision) write to the others in the same write.
 */
export type PublisherPorts = Publishers & PublisherDomains & PublisherHistory;

/**
 * What publishersOver composes the rules with (DocumentPublishers, over either database): the publishers' reads, the
 * writes that set off nothing (a new publisher, an admin leaving, a history entry, the deletion of a mistaken one),
 * and one unit of write in which the rules run.
 */
export interface PublishersStore extends Omit<PublisherPorts, PublishersRuledChanges> {
  inOneWrite<T>(steps: (unit: PublishersUnitOfWrite) => Steps<T>): Promise<T>;
}
