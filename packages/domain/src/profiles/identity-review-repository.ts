import type { IdentityDecision, IdentityDecisionOutcome, PendingIdentityChange } from './identity-review';

/**
 * A verified profile's changes of identity waiting for an editor (see Profiles.save, which makes them): read, listed
 * and decided, each decision with its audit record in the same write.
 */
export interface IdentityReview {
  /** The profile's identity change waiting for an editor, or null. */
  pendingIdentityOf(profileId: number): Promise<PendingIdentityChange | null>;
  /** Every pending identity change, oldest request first. */
  pendingIdentityChanges(): Promise<{ profileId: number; change: PendingIdentityChange }[]>;
  /**
   * Ends the profile's pending identity change with its audit record: approved, its values become the profile's
   * and its answers are re-rendered; declined or cancelled, the profile keeps its values.
   */
  decideIdentityChange(decision: IdentityDecision): Promise<IdentityDecisionOutcome>;
}
