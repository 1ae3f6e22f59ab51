import type { DecisionAction } from '@byline/domain/audit/audit-repository';

/** Something that happened to a profile that its owner is told of (by mail, when the portal or worker can send it). */
export type OwnerEvent =
  /** An editor's (or the operator's) decision on the verified flag. */
  | { kind: 'decision'; profileId: number; action: DecisionAction; note: string }
  /** A re-checked proof stopped holding; `claim` names the handle or site ("website https://…"). */
  | { kind: 'proof-lapsed'; profileId: number; claim: string; note: string }
  /** A claim of theirs was released by someone else's proof or an editor's move. */
  | { kind: 'claim-released'; profileId: number; claim: string; reason: string }
  /** A change of identity they asked for was approved or declined. */
  | { kind: 'identity-change'; profileId: number; approved: boolean; note: string };

/**
 * Tells a profile's owner what happened to it. notify returns at once and never throws: telling is a side effect
 * of a decision or a check, which stands whether or not the telling works (failures are logged by the notifier).
 */
export interface OwnerNotifier {
  notify(event: OwnerEvent): void;
}

/** Where nothing is sent (no SMTP_URL): every event is dropped. */
export const SILENT_NOTIFIER: OwnerNotifier = { notify: () => undefined };

/** For the identity-change feature: tells the owner their change was approved or declined, with the editor's note. */
export function notifyIdentityChange(notifier: OwnerNotifier, profileId: number, approved: boolean, note: string): void {
  notifier.notify({ kind: 'identity-change', profileId, approved, note });
}
