import type { AnswersUnit } from '../answers/answers-unit';
import type { ArticlesUnitOfWrite } from '../articles/articles-repository';
import type { Step } from '../store/steps';
import type { Affiliation, AffiliationState } from './staff-repository';

/** How an affiliation closes: its new state, who closed it, why (null: no reason given), when. */
export interface Closing {
  to: Extract<AffiliationState, 'declined' | 'ended'>;
  actor: string;
  reason: string | null;
  at: string;
}

/**
 * What the staff rules (staff-changes.ts) ask of a database: primitive reads and single-document writes, each a value
 * on SQLite (inside the change's transaction) and a promise on MongoDB (see database/steps.ts).
 */
export interface StaffUnitOfWrite {
  affiliation(id: number): Step<Affiliation | null>;
  /** Whether the profile is active staff of the publisher now. */
  isActiveStaff(publisherId: number, profileId: number): Step<boolean>;
  /** Closes the profile's open invitations to the publisher other than `exceptId`. */
  closeInvitationsOf(publisherId: number, profileId: number, exceptId: number, closing: Closing): Step<void>;
  /**
   * Makes an invitation active for the profile, if it is still an invitation; false when it is not, or when the
   * store's unique index refuses a second open affiliation of the profile with the publisher.
   */
  markAccepted(id: number, profileId: number, at: string): Step<boolean>;
  /** Closes the affiliation if its state is one of `from`; the affiliation as it was before, or null when it was not. */
  close(id: number, from: readonly AffiliationState[], closing: Closing): Step<Affiliation | null>;
  publisherName(publisherId: number): Step<string | null>;
  articles: Pick<ArticlesUnitOfWrite, 'provenClaimsOf' | 'writeProof' | 'appendHistory' | 'verifiedSlugOf'>;
  answers: AnswersUnit;
}
