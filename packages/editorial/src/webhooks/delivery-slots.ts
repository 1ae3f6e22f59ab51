import type { QueueItem } from '@byline/domain/queue/leased-queue';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import { takeDeliveries, type DeliveryOptions } from './deliver';
import { deliveryKeyOf } from './endpoint-queue';

/** How many endpoints one worker delivers to at once: a slow receiver takes one of these, never the loop. */
export const DELIVERY_SLOTS = 16;
/**
 * How many of them one API account's endpoints may hold: its slow receivers (up to MAX_ENDPOINTS_PER_ACCOUNT of
 * them, 15 s an attempt) leave the other slots to the other accounts, whose messages so never wait behind them.
 */
export const ACCOUNT_SHARE = 4;

/** A delivery turn begun, with the account whose slot it holds until it ends. */
export interface StartedDelivery {
  item: QueueItem;
  account: string;
}

/**
 * A worker's delivery slots and who holds them: at most `size` turns at once, at most `share` of them one account's.
 * Accounts are told apart by their email (what an endpoint records); an endpoint found gone counts as its own.
 */
export class DeliverySlots {
  private readonly byAccount = new Map<string, number>();
  private held = 0;

  constructor(
    readonly size = DELIVERY_SLOTS,
    readonly share = ACCOUNT_SHARE,
  ) {}

  get free(): number {
    return this.size - this.held;
  }

  /** Accounts holding their whole share: their endpoints wait until one of their turns ends. */
  accountsAtShare(): string[] {
    return [...this.byAccount].filter(([, count]) => count >= this.share).map(([account]) => account);
  }

  start(account: string): void {
    this.held++;
    this.byAccount.set(account, (this.byAccount.get(account) ?? 0) + 1);
  }

  end(account: string): void {
    this.held--;
    const count = (this.byAccount.get(account) ?? 1) - 1;
    if (count > 0) this.byAccount.set(account, count);
    else this.byAccount.delete(account);
  }
}

/** The account an endpoint's delivery item is for. */
async function accountOf(webhookEndpoints: Pick<WebhookEndpoints, 'find'>, item: QueueItem): Promise<string> {
  return (await webhookEndpoints.find(Number(item.key)))?.email ?? `gone endpoint ${item.key}`;
}

/**
 * Takes the due endpoints the free slots allow, oldest due first, one at a time, leaving out those of accounts that
 * hold their share (their endpoints' keys are excluded from the take, so a long line of one account's items never
 * hides another's behind it). Each turn taken holds a slot, marked in `slots`: the caller ends it when the turn ends.
 */
export async function takeFairShare(options: DeliveryOptions, slots: DeliverySlots): Promise<StartedDelivery[]> {
  const { webhookEndpoints } = options;
  const exceptKeys = new Set<string>();
  const leaveOut = async (account: string) => {
    for (const endpoint of await webhookEndpoints.endpointsOf(account)) exceptKeys.add(deliveryKeyOf(endpoint.id));
  };
  for (const account of slots.accountsAtShare()) await leaveOut(account);
  const started: StartedDelivery[] = [];
  try {
    while (slots.free > 0 && !options.signal?.aborted) {
      const [item] = await takeDeliveries(options, 1, { exceptKeys: [...exceptKeys] });
      if (!item) break;
      const account = await accountOf(webhookEndpoints, item);
      slots.start(account);
      started.push({ item, account });
      if (slots.accountsAtShare().includes(account)) await leaveOut(account);
    }
  } catch (error) {
    // The turns already taken are handed over all the same (they hold their slots); with none, the run fails.
    if (started.length === 0) throw error;
  }
  return started;
}
