import type { AnswersUnit } from '../answers/answers-unit';
import type { AuditAction } from '../audit/audit-repository';
import type { Step } from '../store/steps';
import type { WebhookEvent } from '../webhook-events/webhook-event';
import type { VerificationRequest, VerificationStatus } from './verification-repository';

/** An audit record as the verification rules write it. */
export interface VerificationAudit {
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
  at: string;
}

/**
 * What the verification rules (verification-changes.ts) ask of a database: primitive reads and single-document
 * writes, each a value on SQLite (inside the change's transaction) and a promise on MongoDB (see database/steps.ts).
 */
export interface VerificationUnitOfWrite {
  /** The profile's slug and verified flag; null when there is no such profile. */
  profile(profileId: number): Step<{ slug: string; verified: boolean } | null>;
  pendingRequest(profileId: number): Step<VerificationRequest | null>;
  /**
   * The profile's pending request, opened now when there is none (`opened`); of concurrent openers the store's unique
   * pending index lets one open it.
   */
  openRequest(profileId: number, requestedBy: string, at: string): Step<{ request: VerificationRequest; opened: boolean }>;
  /** Closes the request if it is still pending; false when it was not. */
  closeRequest(request: VerificationRequest, status: Exclude<VerificationStatus, 'pending'>): Step<boolean>;
  /**
   * Sets the verified flag, storing `event` for the outbox with it, both only when the flag changes with this write
   * (one single-document write).
   */
  writeVerified(profileId: number, verified: boolean, event: WebhookEvent): Step<void>;
  /**
   * Appends the audit record. With `closing`, a key the store keeps unique: false (nothing written) when a record
   * with that key exists, which decides between two concurrent closings of the same request.
   */
  appendAudit(record: VerificationAudit, closing?: string): Step<boolean>;
  answers: AnswersUnit;
}
