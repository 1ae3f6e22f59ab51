/**
 * The domains whose pages may credit a journalist (see authorship/attribution-domains.ts), one list per profile.
 * They are the journalist's own settings: kept apart from the profile document, so they never reach the
 * verifiers' rendered answers nor the v1 import format.
 */
export interface AttributionDomains {
  /** The profile's domains in the order given; empty when it listed none. */
  domainsOf(profileId: number): Promise<string[]>;
  /**
   * Replaces the profile's list with `domains`, already normalised (normaliseAttributionDomains); empty clears it.
   * `at`: when, which a store may keep beside the list.
   */
  setDomains(profileId: number, domains: readonly string[], at: Date): Promise<void>;
}
