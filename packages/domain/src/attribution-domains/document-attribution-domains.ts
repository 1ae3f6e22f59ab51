import { UniqueTakenError, type Documents, type UnitOfWrite } from '../documents/documents';
import { step, type Steps } from '../store/steps';
import type { AttributionDomains } from './attribution-domains-repository';

/** One of a profile's domains, at its place in the list (SQLite's shape: a row each). */
export type AttributionDomainDocument = { profileId: number; position: number; domain: string };

/** A profile's whole list in one document (MongoDB's shape: replacing it is one single-document write). */
export type AttributionDomainListDocument = { profileId: number; domains: string[]; updatedAt: string };

/**
 * A profile's domains, a document each, the list replaced in one unit of write (a transaction on SQLite): a reader
 * never sees half of a replacement.
 */
export class AttributionDomainsByDomain implements AttributionDomains {
  constructor(
    private readonly domains: Documents<AttributionDomainDocument>,
    private readonly unit: UnitOfWrite,
  ) {}

  async domainsOf(profileId: number): Promise<string[]> {
    return (await this.domains.all({ profileId }, { by: ['position'] })).map(({ domain }) => domain);
  }

  setDomains(profileId: number, domains: readonly string[]): Promise<void> {
    const steps = this.domains.steps;
    return this.unit.run(function* (): Steps<void> {
      yield* step(steps.deleteAll({ profileId }));
      for (const [position, domain] of domains.entries()) yield* step(steps.insert({ profileId, position, domain }));
    });
  }
}

/**
 * A profile's domains as one document, with when they were set: replaced by one update, or made by one insert when
 * the profile has none yet (an empty list too, as an upsert made it).
 */
export class AttributionDomainsByProfile implements AttributionDomains {
  constructor(private readonly lists: Documents<AttributionDomainListDocument>) {}

  async domainsOf(profileId: number): Promise<string[]> {
    return (await this.lists.first({ profileId }))?.domains ?? [];
  }

  async setDomains(profileId: number, domains: readonly string[], at: Date): Promise<void> {
    const list = { domains: [...domains], updatedAt: at.toISOString() };
    if (await this.lists.updateFirst({ profileId }, list)) return;
    try {
      await this.lists.insert({ profileId, ...list });
    } catch (error) {
      // Another write made the profile's document between the two: this one replaces its list, as it would have.
      if (!(error instanceof UniqueTakenError)) throw error;
      await this.lists.updateFirst({ profileId }, list);
    }
  }
}
