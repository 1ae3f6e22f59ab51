import type { AccountStatus, ApiAccounts } from '@byline/shared';
import type { LeasedQueue, Webhooks } from '@byline/shared/storage';
import { hurryEndpoint } from './endpoint-queue';

/** What the deliverer reads of an endpoint's account. */
export type AccountReader = Pick<ApiAccounts, 'findAccount'>;

/** How a held message or endpoint is shown, in the portal and the CLI. */
export const HELD_BY_SUSPENSION = 'held: the account is suspended';

/**
 * Whether deliveries to the account's endpoints are held: the account exists and is suspended. An endpoint whose
 * account is gone (the operator removed it) is delivered to as before.
 */
export async function isAccountHeld(accounts: AccountReader, email: string): Promise<boolean> {
  return (await accounts.findAccount(email))?.status === 'suspended';
}

export interface AccountStatusDeps {
  apiAccounts: Pick<ApiAccounts, 'setStatus'>;
  webhooks: Webhooks;
  queue: LeasedQueue;
  now?: () => Date;
}

/**
 * Suspends or reinstates an API account. While suspended its keys get 403 and its webhook messages are held: still
 * made for every event, never attempted (see deliverToEndpoint). Reinstating sends them, in order, at once: each
 * enabled endpoint's delivery item is made due now (the deliverer dropped it while the account was suspended), and an
 * endpoint that was failing starts afresh, so the time held counts neither as failures nor toward the five days of
 * them that disable an endpoint. false when no account has that email. The status is written first: a
 * reinstatement cut short before the endpoints are queued leaves their messages to the account's next event, or to
 * reinstating it again, which is harmless to repeat.
 */
export async function setApiAccountStatus(deps: AccountStatusDeps, email: string, status: AccountStatus): Promise<boolean> {
  if (!(await deps.apiAccounts.setStatus(email, status))) return false;
  if (status !== 'active') return true;
  const now = deps.now?.() ?? new Date();
  for (const endpoint of await deps.webhooks.endpointsOf(email)) {
    if (endpoint.failingSince) await deps.webhooks.setFailing(endpoint.id, null);
    if (endpoint.enabled) await hurryEndpoint(deps.queue, endpoint.id, now);
  }
  return true;
}
