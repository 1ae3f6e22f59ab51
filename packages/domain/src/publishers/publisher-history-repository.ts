import type { EventEntry, PublisherEvent } from './publishers-repository';
import type { TrustSummary } from './trust-summary';

/**
 * What is kept of a publisher besides what it is: its history (what happened and who did it, shown to its admin and
 * to editors), and the latest reading of its trust.txt (what the outlet's own file says of it).
 */
export interface PublisherHistory {
  historyOf(publisherId: number): Promise<PublisherEvent[]>;
  /** Adds an entry that changes nothing else (an admin's request for verification); false when there is no such publisher. */
  recordEvent(publisherId: number, entry: EventEntry, at: Date): Promise<boolean>;
  /**
   * Keeps the latest reading of its trust.txt in place of the last (null forgets it), as of `at` (its updatedAt). No
   * history entry: a reading is what the outlet's file said, not a change anyone made. False when there is no such
   * publisher.
   */
  setTrust(publisherId: number, summary: TrustSummary | null, at: Date): Promise<boolean>;
}
