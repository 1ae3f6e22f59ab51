import type { DomainCheck, EventEntry, OutletMatch, PublisherDomain, PublisherMatch } from './publishers-repository';

/**
 * The domains publishers prove, their checks, and the lookups that find the verified publisher of a host (the
 * verifiers' v2 answers read outletFor). A proven domain covers its subdomains and belongs to one publisher.
 */
export interface PublisherDomains {
  domainsOf(publisherId: number): Promise<PublisherDomain[]>;
  findDomain(publisherId: number, domain: string): Promise<PublisherDomain | null>;
  /**
   * Adds a domain to prove with its token (pending). Another publisher's claim to the same domain does not stop it:
   * an unproven claim never blocks a proof. Null when the publisher already has it.
   */
  addDomain(publisherId: number, domain: string, token: string, actor: string, at: Date): Promise<PublisherDomain | null>;
  /**
   * Records a check of the domain's proof, and `event` in the same write. `failing` leaves a pending or lapsed domain
   * as it is (its last failure noted); on a proven one it starts the grace period unless it has begun. A proof is
   * refused (false, nothing written) while another publisher holds the domain proven: a proven domain belongs to one
   * publisher. False too when the publisher has no such domain.
   */
  recordCheck(publisherId: number, domain: string, check: DomainCheck, event: EventEntry | null): Promise<boolean>;
  /** Takes the domain off the publisher (proven or not), with its history entry; false when it had none. */
  removeDomain(publisherId: number, domain: string, actor: string, at: Date): Promise<boolean>;
  /**
   * matchHost's domain, as v2 answers it: its answers rendered when the publisher, its staff or what they wrote last
   * changed (see rerenderOutlets).
   */
  outletFor(host: string): Promise<OutletMatch | null>;
  /** The verified publisher whose proven domain covers `host` (equal to it, or a parent of it), closest first. */
  matchHost(host: string): Promise<PublisherMatch | null>;
}
