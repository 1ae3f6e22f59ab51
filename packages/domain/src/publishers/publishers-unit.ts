import type { AnswersUnit } from '../answers/answers-unit';
import type { ArticlesUnitOfWrite } from '../articles/articles-repository';
import type { Step } from '../store/steps';
import type { WebhookEvent } from '../webhook-events/webhook-event';
import type { CheckedDomainFields } from './domain-check-state';
import type { EventEntry, Publisher, PublisherDomain, PublisherDomainState } from './publishers-repository';

/** The publisher's fields a change may write (its `updatedAt` is the change's time). */
export type PublisherFields = Partial<
  Pick<Publisher, 'name' | 'logoUrl' | 'attribution' | 'verifiedAt' | 'verifiedBy' | 'trust'>
>;

/**
 * What the publishers' rules (publisher-changes.ts) ask of a database: primitive reads and single-document writes,
 * each a value on SQLite (inside the change's transaction) and a promise on MongoDB (see database/steps.ts). No
 * method decides anything: the order of the writes and what follows from them is the rules'.
 */
export interface PublishersUnitOfWrite {
  publisher(publisherId: number): Step<Publisher | null>;
  domain(publisherId: number, domain: string): Step<PublisherDomain | null>;
  /** The domains the publisher proves now. */
  provenDomainsOf(publisherId: number): Step<string[]>;
  /** The profiles on its staff: `active` now, or `ever` (an ended affiliation too). */
  staffOf(publisherId: number, which: 'active' | 'ever'): Step<number[]>;
  /** Writes these fields and `updatedAt`, and `event` for the outbox in the same write; false when there is no such publisher. */
  writePublisher(publisherId: number, fields: PublisherFields, at: string, event: WebhookEvent | null): Step<boolean>;
  /** A new pending domain with its token; false when the publisher has it already. */
  insertDomain(publisherId: number, domain: string, token: string, at: string): Step<boolean>;
  /**
   * Writes the domain's checked state while its state is still `asRead` (a check or removal made meanwhile is never
   * undone); false when it is gone or moved, or when the store's unique index refuses a proof (another publisher holds
   * the domain proven), nothing written then.
   */
  writeDomain(publisherId: number, domain: string, fields: CheckedDomainFields, asRead: PublisherDomainState): Step<boolean>;
  deleteDomain(publisherId: number, domain: string): Step<boolean>;
  appendEvent(publisherId: number, entry: EventEntry, at: string): Step<void>;
  /** The articles' unit in the same write: ending what the publisher vouched for. */
  articles: Pick<ArticlesUnitOfWrite, 'provenClaimsOf' | 'writeProof' | 'appendHistory' | 'verifiedSlugOf'>;
  /** The answers' unit in the same write: re-rendering what the change touched. */
  answers: AnswersUnit;
}
