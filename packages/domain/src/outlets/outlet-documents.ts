import type { DocumentSteps } from '../documents/documents';
import type { Publisher, PublisherDomain } from '../publishers/publishers-repository';
import type { AffiliationDocument, NewAffiliationDocument } from '../staff/staff-documents';
import { step, stepOf, type Step, type Steps } from '../store/steps';
import type { OutletDigest } from './outlet-digests-repository';
import type { OutletSources, OutletsUnit } from './outlets-unit';

/** What re-rendering outlets reads over the generic document port: the publishers, their domains, their staff. */
export interface OutletDocuments {
  publishers: DocumentSteps<Publisher, Omit<Publisher, 'id'>>;
  domains: DocumentSteps<PublisherDomain>;
  staff: DocumentSteps<AffiliationDocument, NewAffiliationDocument>;
}

/**
 * What each database keeps of re-rendering outlets by hand: the render revisions and the saves that compare and set
 * them (MongoDB keeps them beside each domain's document; SQLite none, nothing else writing inside its transaction),
 * and the digest, which the verifiers' lookups read too (a join on SQLite).
 */
export interface StoredOutletsUnit extends Pick<OutletsUnit, 'saveOutlet' | 'forgetOutlet'> {
  /** The render revision of each of the publisher's domains that has one (none: 0). */
  renderRevisions(publisherId: number): Step<ReadonlyMap<string, number>>;
  digestOf(publisherId: number): Step<OutletDigest>;
}

/** How many profiles one read of the staff names (MongoDB's `$in` lists are kept short). */
const BATCH = 500;

/** The outlets' side of re-rendering, written once over the documents with each database's own parts (see rerenderOutlets). */
export function outletsUnitOver(documents: OutletDocuments, stored: StoredOutletsUnit): OutletsUnit {
  return {
    publishersOfStaff: (profileIds) => stepOf(publishersOfStaff(documents, profileIds)),
    outletSources: (publisherId) => stepOf(outletSources(documents, stored, publisherId)),
    saveOutlet: (publisherId, answers) => stored.saveOutlet(publisherId, answers),
    forgetOutlet: (publisherId, domains) => stored.forgetOutlet(publisherId, domains),
  };
}

function* publishersOfStaff({ staff }: OutletDocuments, profileIds: number[]): Steps<number[]> {
  const publishers = new Set<number>();
  for (let i = 0; i < profileIds.length; i += BATCH) {
    const active = yield* step(staff.all({ profileId: { in: profileIds.slice(i, i + BATCH) }, state: 'active' }));
    for (const affiliation of active) publishers.add(affiliation.publisherId);
  }
  return [...publishers];
}

function* outletSources(
  { publishers, domains }: OutletDocuments,
  stored: StoredOutletsUnit,
  publisherId: number,
): Steps<OutletSources | null> {
  // The render revisions first, before the domains, the publisher and the digest (see rerenderOutlets): a change made
  // after any of those reads is followed by a save or forgetting that moves them on. A domain added since has none
  // yet (0), as it had when they were read.
  const revisions = yield* step(stored.renderRevisions(publisherId));
  const ofPublisher = yield* step(domains.all({ publisherId }));
  const publisher = yield* step(publishers.first({ id: publisherId }));
  if (!publisher) return null;
  return {
    publisher,
    domains: ofPublisher.map((domain) => ({ ...domain, revision: revisions.get(domain.domain) ?? 0 })),
    digest: yield* step(stored.digestOf(publisherId)),
  };
}
