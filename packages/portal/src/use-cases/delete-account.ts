import { overwriteErasedBytes } from '@byline/shared';
import { removeEndpoint } from '@byline/editorial/webhooks/manage-endpoints';
import { type StoreRepositories } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { provenAddress } from '@byline/editorial/use-cases/address-proof';

/**
 * The person leaves, with everything the store holds of them. The writes come in this order, each safe to be the
 * last one done, and the whole safe to run again (the user goes last, so they can sign in and retry):
 * 1. the profile is erased (ProfileErasure.erase): first withdrawn from both lookups (unverified, handles out of the
 *    index), so it answers nothing from there on, then everything that names it — its queued work, claims,
 *    evidence, articles, requests, history, pending identity change, affiliations and attribution domains — and the
 *    delivered webhook messages about it lose their data. On the embedded store that is one transaction: if it
 *    fails, nothing of the deletion has been done. On MongoDB it is single-document writes in the order
 *    the erasure's rule gives (domain profiles/profile-erasure.ts), the profile document late, so a retry finds it and finishes;
 * 2. the API keys of their API account are revoked, so no key of theirs keeps working (the account record, with
 *    its email and usage counts, stays for the operator's billing until the operator removes it), and its webhook
 *    endpoints go, with their secrets and messages;
 * 3. invitations to their address that no profile took up are deleted (the address is theirs); the publishers they
 *    administer lose their admin (they stay, for the operator to hand on): a user id can be given
 *    again to the next person who signs up, who must not inherit them;
 * 4. the user goes, with their sessions and reset links;
 * 5. the erased bytes are overwritten on disk where the store allows it (the embedded store's -wal).
 * Steps 2 and 3 reach things by address: only a proven one (an unproven user leaving must not revoke the keys of an
 * API account, or delete invitations, that belong to whoever really reads that address's mail).
 */
export async function deleteAccount(
  repositories: Pick<
    StoreRepositories,
    'profileErasure' | 'apiKeys' | 'users' | 'publishers' | 'staff' | 'webhookEndpoints' | 'queue' | 'store'
  >,
  user: PortalUser,
  now = new Date(),
): Promise<void> {
  if (user.profileId !== null) await repositories.profileErasure.erase(user.profileId);
  const address = provenAddress(user);
  if (address !== null) {
    for (const key of await repositories.apiKeys.keysOf(address)) {
      if (!key.revoked_at) await repositories.apiKeys.revokeKey(key.key, now);
    }
    for (const endpoint of await repositories.webhookEndpoints.endpointsOf(address)) await removeEndpoint(repositories, endpoint);
    await repositories.staff.eraseInvitationsTo(address);
  }
  await repositories.publishers.forgetAdmin(user.id, now);
  await repositories.users.remove(user.id);
  await overwriteErasedBytes(repositories.store.database);
}
