import type { DomainCheck, PublisherDomain } from './publishers-repository';

/** What a check of a domain's proof changes on the domain: everything but its name, token and when it was added. */
export type CheckedDomainFields = Pick<
  PublisherDomain,
  'state' | 'method' | 'provenAt' | 'lastCheckedAt' | 'failingSince' | 'lastFailure'
>;

/**
 * The domain-state machine, as a check moves it: `proven` holds (keeping when it was first proven while it stays
 * proven) and clears any failure; `failing` notes the failure and, on a proven domain, starts the grace period unless
 * it has begun (a pending or lapsed domain stays as it is); `lapsed` ends a proven domain's proof (a pending one stays
 * pending, its failure noted). Whether a proof may be taken at all (another publisher holds the domain proven) is the
 * store's unique index, not this.
 */
export function checkedDomain(domain: PublisherDomain, check: DomainCheck): CheckedDomainFields {
  const wasProven = domain.state === 'proven';
  const { method, provenAt } = domain;
  switch (check.outcome) {
    case 'proven':
      return {
        state: 'proven',
        method: check.method,
        provenAt: wasProven ? provenAt : check.at,
        lastCheckedAt: check.at,
        failingSince: null,
        lastFailure: null,
      };
    case 'failing':
      return {
        state: domain.state,
        method,
        provenAt,
        lastCheckedAt: check.at,
        failingSince: wasProven ? (domain.failingSince ?? check.at) : null,
        lastFailure: check.failure,
      };
    case 'lapsed':
      return {
        state: wasProven ? 'lapsed' : domain.state,
        method,
        provenAt,
        lastCheckedAt: check.at,
        failingSince: null,
        lastFailure: check.failure,
      };
  }
}
