import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { failedCheck } from '@byline/domain/proofs/grace';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { checkDomainProof, type DomainProofSources } from './check-domain-proof';
import { DOMAIN_PROOF_METHOD_NAMES } from './domain-token';

export type DomainCheckOutcome =
  /** The token is in place; `method` says where. */
  | { outcome: 'proven'; method: 'dns-txt' | 'well-known'; firstProof: boolean }
  /** The token is not in place; a proven domain keeps answering until the grace period ends. */
  | { outcome: 'failing'; failure: string; wasProven: boolean }
  | { outcome: 'lapsed'; failure: string }
  /** The token is in place but another publisher holds the domain proven. */
  | { outcome: 'taken' }
  | { outcome: 'missing' };

/** The queue key of a domain's re-checks. */
export const domainCheckKeyOf = (publisherId: number, domain: string) => JSON.stringify([publisherId, domain]);

/**
 * Checks a publisher's domain now and records what it found: a proof, the first failure of a proven domain (which
 * starts the grace period), a lapse once the grace period is over, or only the failure of a domain not proven yet.
 *
 * Order, for a proof: the domain's re-check is queued before the proof is recorded, so an interruption between the
 * two leaves at worst a check queued for a domain that is not proven (it finds so and ends), never a proven domain
 * that nothing checks again. `queueNext` is false where the caller holds the item's lease and settles it itself
 * (the worker's re-checks).
 */
export async function checkPublisherDomain(
  repositories: { publisherDomains: Pick<PublisherDomains, 'findDomain' | 'recordCheck'>; queue: LeasedQueue },
  target: { publisherId: number; domain: string },
  options: {
    sources: DomainProofSources; /** RECHECK_INTERVAL, RECHECK_GRACE, RECHECK_RETRY: the schedule of every proof. */
    schedule: RecheckPolicy;
    actor: string;
    now: Date;
    queueNext?: boolean;
  },
): Promise<DomainCheckOutcome> {
  const { publisherDomains, queue } = repositories;
  const { publisherId, domain } = target;
  const { sources, schedule, actor, now, queueNext = true } = options;
  const stored = await publisherDomains.findDomain(publisherId, domain);
  if (!stored) return { outcome: 'missing' };
  const at = now.toISOString();
  const result = await checkDomainProof(domain, stored.token, sources);
  const wasProven = stored.state === 'proven';

  if (result.ok) {
    if (queueNext) {
      await queue.enqueue({
        topic: DOMAIN_CHECK_TOPIC,
        key: domainCheckKeyOf(publisherId, domain),
        payload: { publisherId, domain },
        dueAt: new Date(now.getTime() + schedule.intervalMs),
      });
    }
    const note = `${domain} (${DOMAIN_PROOF_METHOD_NAMES[result.method]})`;
    const check = { outcome: 'proven', method: result.method, at } as const;
    const recorded = await publisherDomains.recordCheck(
      publisherId,
      domain,
      check,
      wasProven ? null : { actor, action: 'domain-proven', note },
    );
    return recorded ? { outcome: 'proven', method: result.method, firstProof: !wasProven } : { outcome: 'taken' };
  }

  const { failure } = result;
  if (wasProven && failedCheck(stored.failingSince, now, schedule).lapses) {
    await publisherDomains.recordCheck(
      publisherId,
      domain,
      { outcome: 'lapsed', failure, at },
      { actor, action: 'domain-lapsed', note: `${domain}: ${failure}` },
    );
    return { outcome: 'lapsed', failure };
  }
  const firstFailure = wasProven && !stored.failingSince;
  await publisherDomains.recordCheck(
    publisherId,
    domain,
    { outcome: 'failing', failure, at },
    firstFailure ? { actor, action: 'domain-failing', note: `${domain}: ${failure}` } : null,
  );
  return { outcome: 'failing', failure, wasProven };
}
