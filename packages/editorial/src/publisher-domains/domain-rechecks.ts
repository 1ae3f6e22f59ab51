import { DOMAIN_CHECK_ACTOR } from '@byline/domain/publishers/publishers-repository';
import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import type { PublisherHistory } from '@byline/domain/publishers/publisher-history-repository';
import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { type LeasedQueue, type QueueItem, forEachDueItem } from '@byline/domain/queue/leased-queue';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { Logger } from '@byline/domain/logging/logger';
import type { DomainProofSources } from './check-domain-proof';
import { checkPublisherDomain } from './check-publisher-domain';
import { refreshPublisherTrust } from '../trust-txt/refresh-publisher-trust';
import type { TrustTxtSources } from '../trust-txt/read-trust-txt';

export interface DomainRecheckSummary {
  checked: number;
  held: number;
  failing: number;
  lapsed: number;
}

export interface DomainRecheckOptions {
  publisherDomains: PublisherDomains;
  /** Where each checked publisher's trust.txt reading is kept (with `trust`). */
  publisherHistory: Pick<PublisherHistory, 'setTrust'>;
  queue: LeasedQueue;
  sources: DomainProofSources;
  /** Where trust.txt files are read: each publisher whose domain was checked has its summary read again. None without. */
  trust?: TrustTxtSources;
  policy: RecheckPolicy;
  holder: string;
  now?: () => Date;
  signal?: AbortSignal;
  logger?: Logger;
}

const BATCH_SIZE = 20;
/** A DNS question and one small fetch per item, each with its own time limit (a few seconds). */
const LEASE_MS = BATCH_SIZE * 20_000;

/**
 * The worker's re-checks of publishers' proven domains, items of the leased queue (DOMAIN_CHECK_TOPIC): a domain
 * whose record or file still holds its token is due again RECHECK_INTERVAL later; one that fails is retried after
 * RECHECK_RETRY and lapses once it has failed for RECHECK_GRACE. An item whose domain is gone, lapsed or no longer
 * proven is done. The item is settled after the check is recorded: interrupted between, it is checked again once
 * its lease expires, which records the same thing again.
 */
export async function runDomainRecheck(options: DomainRecheckOptions): Promise<DomainRecheckSummary> {
  const { queue, holder, now = () => new Date(), signal } = options;
  const summary: DomainRecheckSummary = { checked: 0, held: 0, failing: 0, lapsed: 0 };
  const checkedPublishers = new Set<number>();
  const run = { topic: DOMAIN_CHECK_TOPIC, holder, leaseMs: LEASE_MS, batchSize: BATCH_SIZE, now, signal };
  await forEachDueItem(queue, run, async (item) => {
    if (await checkItem(item, options, now(), summary)) checkedPublishers.add(item.payload.publisherId as number);
  });
  if (options.trust) {
    for (const publisherId of checkedPublishers) {
      if (signal?.aborted) break;
      await refreshPublisherTrust(options, publisherId, { sources: options.trust, now: now() });
    }
  }
  return summary;
}

/** Checks one item's domain; true when a proven domain was checked (held, failing or lapsed). */
async function checkItem(item: QueueItem, options: DomainRecheckOptions, now: Date, summary: DomainRecheckSummary) {
  const { publisherDomains, queue, sources, policy, logger } = options;
  const { publisherId, domain } = item.payload as { publisherId: number; domain: string };
  const stored = await publisherDomains.findDomain(publisherId, domain);
  if (!stored || stored.state !== 'proven') {
    await settleUnlessProvenMeanwhile(item, options, now, 'done');
    return false;
  }
  const found = await checkPublisherDomain(
    { publisherDomains, queue },
    { publisherId, domain },
    { sources, schedule: policy, actor: DOMAIN_CHECK_ACTOR, now, queueNext: false },
  );
  summary.checked++;
  let next: { dueAt: Date } | 'done' = 'done';
  if (found.outcome === 'proven') {
    summary.held++;
    next = { dueAt: new Date(now.getTime() + policy.intervalMs) };
  } else if (found.outcome === 'failing') {
    summary.failing++;
    next = { dueAt: new Date(now.getTime() + policy.retryMs) };
  } else if (found.outcome === 'lapsed') {
    summary.lapsed++;
  }
  logger?.info('domain checked', { publisherId, domain, outcome: found.outcome });
  await settleUnlessProvenMeanwhile(item, options, now, next);
  return true;
}

/**
 * Settles the item, but never as done while its domain is proven: a proof recorded meanwhile (its admin's "Check
 * now" while this run held the lease, whose own enqueue the lease refused) would otherwise be left with no re-check
 * at all. Such a domain is due again after the interval.
 */
async function settleUnlessProvenMeanwhile(
  item: QueueItem,
  { publisherDomains, queue, holder, policy }: DomainRecheckOptions,
  now: Date,
  next: { dueAt: Date } | 'done',
) {
  const { publisherId, domain } = item.payload as { publisherId: number; domain: string };
  if (next === 'done' && (await publisherDomains.findDomain(publisherId, domain))?.state === 'proven') {
    next = { dueAt: new Date(now.getTime() + policy.intervalMs) };
  }
  await queue.settle(item.id, holder, next, now);
}
