import type { AccountStatus } from '@byline/domain/domain/types';
import type { ApiAccounts } from '@byline/domain/api-accounts/api-accounts-repository';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
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
  return holdsDeliveries(await accounts.findAccount(email));
}

/** Whether this account (as read) has its deliveries held: it is suspended. */
export const holdsDeliveries = (account: { status: string } | null): boolean => account?.status === 'suspended';

export interface AccountStatusDeps {
  apiAccounts: Pick<ApiAccounts, 'setStatus' | 'findAccount'>;
  webhookEndpoints: Pick<WebhookEndpoints, 'endpointsOf' | 'setFailing'>;
  queue: LeasedQueue;
  now?: () => Date;
}

/**
 * Suspends or reinstates an API account. While suspended its keys get 403 and its webhook messages are held: still
 * made for every event, never attempted (see deliverToEndpoint). Reinstating a suspended account sends them, in
 * order, at once, and an endpoint that was failing starts afresh, so the time held counts neither as failures nor
 * toward the five days of them that disable an endpoint; "reinstating" an account that was active changes no
 * endpoint's failure clock (a dead endpoint must still be disabled in time). false when no account has that email.
 * Order, so that a reinstatement cut short is finished by repeating it: the failure clocks are reset while the
 * account is still suspended (nothing is attempted then), the status is written, and then each enabled endpoint's
 * delivery item is made due now (the deliverer dropped it while the account was suspended) — always, which is
 * harmless.
 */
export async function setApiAccountStatus(deps: AccountStatusDeps, email: string, status: AccountStatus): Promise<boolean> {
  const account = await deps.apiAccounts.findAccount(email);
  if (!account) return false;
  const endpoints = status === 'active' ? await deps.webhookEndpoints.endpointsOf(email) : [];
  if (account.status === 'suspended') {
    for (const endpoint of endpoints) if (endpoint.failingSince) await deps.webhookEndpoints.setFailing(endpoint.id, null);
  }
  if (!(await deps.apiAccounts.setStatus(email, status))) return false;
  const now = deps.now?.() ?? new Date();
  for (const endpoint of endpoints) if (endpoint.enabled) await hurryEndpoint(deps.queue, endpoint.id, now);
  return true;
}
