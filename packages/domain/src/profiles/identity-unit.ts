import type { AnswersUnit } from '../answers/answers-unit';
import type { Step } from '../store/steps';
import type { WebhookEvent } from '../webhook-events/webhook-event';
import type { ApprovedIdentity, IdentityDecisionAction, PendingIdentityChange } from './identity-review';

/** A profile as the identity rules read it: its slug, verified flag, approved values and pending change. */
export interface StoredIdentity {
  slug: string;
  verified: boolean;
  approved: ApprovedIdentity;
  pending: PendingIdentityChange | null;
}

/** An audit record of the identity review. */
export interface IdentityAudit {
  profileId: number;
  actor: string;
  action: IdentityDecisionAction | 'identity-change-requested';
  note: string;
  at: string;
}

/** How a move of the slug went: made, refused by the unique index (taken meanwhile), or the profile moved already. */
export type SlugWrite = 'moved' | 'taken' | 'moved-since';

/**
 * What the slug rules (slug-moves.ts) ask of a database: the profiles' slugs and their former slugs, each a value
 * on SQLite (inside the change's transaction) and a promise on MongoDB (see database/steps.ts).
 */
export interface SlugsUnit {
  /** The profile whose slug it is now, or null. */
  holder(slug: string): Step<number | null>;
  /** The profile that had it before (a former slug redirecting to it), or null. */
  formerHolder(slug: string): Step<number | null>;
  /** Records `slug` as a former slug of the profile, left at `at` (replacing any record of it). */
  keepFormer(slug: string, profileId: number, at: string): Step<void>;
  /** Removes the record of `slug` as a former slug of the profile (one it takes back). */
  dropFormer(slug: string, profileId: number): Step<void>;
  /**
   * Moves the profile from slug `from` to `to` in one write, with `event` for the outbox in it: 'taken' when the
   * store's unique index refuses `to` (nothing written), 'moved-since' when the profile's slug is no longer `from`.
   */
  writeSlug(profileId: number, from: string, to: string, event: WebhookEvent | null): Step<SlugWrite>;
}

/**
 * What the identity review's rules (identity-changes.ts) ask of a database: primitive reads and single-document
 * writes. No method decides anything: what is written, in which order, and what follows is the rules'.
 */
export interface IdentityUnitOfWrite extends SlugsUnit {
  identityOf(profileId: number): Step<StoredIdentity | null>;
  /**
   * One write of the profile: `values` over its approved fields (the fields the answers render) and `pending` as its
   * pending change (null: none). False, nothing written, when the pending change (and, given, the verified flag) is
   * no longer as `asRead` says.
   */
  writeIdentity(
    profileId: number,
    values: Record<string, string>,
    pending: PendingIdentityChange | null,
    asRead: { pending: PendingIdentityChange | null; verified?: boolean },
  ): Step<boolean>;
  appendAudit(record: IdentityAudit): Step<void>;
  /** The answers' unit in the same write: re-rendering the profile whose approved values changed. */
  answers: AnswersUnit;
}
