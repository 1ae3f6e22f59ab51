import type { OwnerNotifier } from './owner-notifier';

/**
 * Tells the owners of claims a proof or a move released: `released` as recordProof reports it (other profiles'
 * unproven claims of the key just proven), `claim` naming the handle or site, `reason` why it went.
 */
export function notifyReleased(
  notifier: OwnerNotifier,
  released: readonly { profileId: number }[],
  claim: string,
  reason: string,
): void {
  for (const profileId of new Set(released.map((one) => one.profileId))) {
    notifier.notify({ kind: 'claim-released', profileId, claim, reason });
  }
}
