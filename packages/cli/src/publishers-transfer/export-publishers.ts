import type { StoreRepositories } from '@byline/shared/store';
import type { Affiliation } from '@byline/domain/staff/staff-repository';
import type { Publisher, PublisherDomain } from '@byline/domain/publishers/publishers-repository';
import type { DomainRecord, PublisherRecord, PublishersRecord, StaffRecord } from './publisher-record';

const domainRecord = (d: PublisherDomain): DomainRecord => ({
  domain: d.domain,
  token: d.token,
  state: d.state,
  method: d.method,
  added_at: d.addedAt,
  proven_at: d.provenAt,
  last_checked_at: d.lastCheckedAt,
  failing_since: d.failingSince,
  last_failure: d.lastFailure,
});

/** An affiliation as the export file and `byline publishers staff list --json` show it. */
export const staffRecord = (a: Affiliation, profileSlug: string | null): StaffRecord => ({
  profile_slug: profileSlug,
  invited_email: a.invitedEmail,
  state: a.state,
  invited_by: a.invitedBy,
  invited_at: a.invitedAt,
  accepted_at: a.acceptedAt,
  ended_at: a.endedAt,
  ended_by: a.endedBy,
  ended_reason: a.endedReason,
});

async function publisherRecord(
  repositories: StoreRepositories,
  publisher: Publisher,
  slugOf: (id: number) => Promise<string | null>,
) {
  const { staff, publisherDomains, publisherHistory } = repositories;
  const domains = await publisherDomains.domainsOf(publisher.id);
  // The note is kept only in the history: the newest verification's.
  const note = publisher.verifiedAt
    ? ((await publisherHistory.historyOf(publisher.id)).find((event) => event.action === 'verified')?.note ?? '')
    : '';
  // Oldest first: the order an import invites them in again.
  const affiliations = (await staff.ofPublisher(publisher.id)).reverse();
  const record: PublisherRecord = {
    slug: publisher.slug,
    name: publisher.name,
    logo_url: publisher.logoUrl,
    created_at: publisher.createdAt,
    attribution: publisher.attribution,
    verified: publisher.verifiedAt ? { at: publisher.verifiedAt, by: publisher.verifiedBy ?? '', note } : null,
    trust: publisher.trust,
    domains: domains.map(domainRecord),
    staff: await Promise.all(
      affiliations.map(async (a) => staffRecord(a, a.profileId === null ? null : await slugOf(a.profileId))),
    ),
  };
  return record;
}

/**
 * Every publisher with its domains and staff, by slug, as the export's last record; null when there are none, so a
 * store without publishers exports exactly as before publishers were exported. Publishers are few (outlets, not
 * journalists): the record is built whole.
 */
export async function publishersRecord(repositories: StoreRepositories): Promise<PublishersRecord | null> {
  const all = await repositories.publishers.list();
  if (all.length === 0) return null;
  const slugs = new Map<number, string | null>();
  const slugOf = async (id: number) => {
    if (!slugs.has(id)) slugs.set(id, (await repositories.profiles.findById(id))?.profile_slug ?? null);
    return slugs.get(id)!;
  };
  const publishers: PublisherRecord[] = [];
  for (const publisher of all) publishers.push(await publisherRecord(repositories, publisher, slugOf));
  return { publishers };
}
