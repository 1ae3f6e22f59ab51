import type { StoreRepositories } from '@byline/shared/store';
import type { Affiliation } from '@byline/domain/staff/staff-repository';
import type { DomainCheck, Publisher } from '@byline/domain/publishers/publishers-repository';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import type { DomainRecord, PublisherRecord, PublishersRecord, StaffRecord } from './publisher-record';

/** Who the history entries an import writes name. */
export const IMPORT_ACTOR = 'operator (command line import)';

/** What an import of publishers wrote. */
export interface PublishersSummary {
  publishers: number;
  domains: number;
  staff: number;
}

const isOpen = (state: StaffRecord['state'] | Affiliation['state']) => state === 'invited' || state === 'active';

/** An affiliation is the same one when it invited the same person at the same time. */
const staffKey = (profileSlug: string | null, email: string | null, invitedAt: string) =>
  JSON.stringify([profileSlug, email, invitedAt]);

/**
 * The rule for a publisher whose slug the store already has is the one for profiles (upsert by slug): its name,
 * logo, attribution switch, verification and trust.txt reading become the file's; domains and staff it lacks are
 * added with their recorded state; those it has are kept as stored (the store's own checks and answers are as new as
 * the file's or newer). Nothing stored is removed.
 */
class PublisherImport {
  private readonly profileIds = new Map<string, number | null>();

  constructor(private readonly repositories: StoreRepositories) {}

  async profileIdOf(slug: string): Promise<number | null> {
    if (!this.profileIds.has(slug)) this.profileIds.set(slug, (await this.repositories.profiles.findBySlug(slug))?.id ?? null);
    return this.profileIds.get(slug)!;
  }

  /** The file's domains and staff the stored publisher (if any) lacks. */
  async newParts(record: PublisherRecord, stored: Publisher | null) {
    if (!stored) return { domains: record.domains, staff: record.staff, storedStaff: [] as Affiliation[] };
    const have = new Set((await this.repositories.publisherDomains.domainsOf(stored.id)).map((d) => d.domain));
    const storedStaff = await this.repositories.staff.ofPublisher(stored.id);
    const keys = new Set<string>();
    for (const a of storedStaff) {
      const slug = a.profileId === null ? null : ((await this.repositories.profiles.findById(a.profileId))?.profile_slug ?? null);
      keys.add(staffKey(slug, a.invitedEmail, a.invitedAt));
    }
    return {
      domains: record.domains.filter((d) => !have.has(d.domain)),
      staff: record.staff.filter((s) => !keys.has(staffKey(s.profile_slug, s.invited_email, s.invited_at))),
      storedStaff,
    };
  }

  /**
   * What stops the file's publishers from being written, each naming its record and field: a profile the staff name
   * that neither the store nor the file has, a domain proven by another publisher in the store, an invitation to
   * someone the publisher already has an open one with. `inFile` tells the profiles of the file.
   */
  async problems(record: PublishersRecord, inFile: (slug: string) => boolean): Promise<string[]> {
    const problems: string[] = [];
    const holders = await this.provenDomainHolders();
    for (const [p, publisher] of record.publishers.entries()) {
      const stored = await this.repositories.publishers.findBySlug(publisher.slug);
      const { domains, staff, storedStaff } = await this.newParts(publisher, stored);
      for (const domain of domains) {
        const holder = holders.get(domain.domain);
        if (domain.state !== 'proven' || holder === undefined || holder === publisher.slug) continue;
        const d = publisher.domains.indexOf(domain);
        problems.push(
          `"publishers[${p}].domains[${d}].domain" "${domain.domain}" is proven by publisher "${holder}" in the store: a proven domain belongs to one publisher`,
        );
      }
      for (const affiliation of staff) {
        const s = publisher.staff.indexOf(affiliation);
        const slug = affiliation.profile_slug;
        if (slug !== null && !inFile(slug) && (await this.profileIdOf(slug)) === null) {
          problems.push(`"publishers[${p}].staff[${s}].profile_slug" "${slug}" is no profile of the store or of this file`);
          continue;
        }
        if (!isOpen(affiliation.state)) continue;
        const profileId = slug === null ? null : await this.profileIdOf(slug);
        const clash = storedStaff.find(
          (a) =>
            isOpen(a.state) &&
            ((affiliation.invited_email !== null && a.invitedEmail === affiliation.invited_email) ||
              (profileId !== null && a.profileId === profileId)),
        );
        if (clash)
          problems.push(
            `"publishers[${p}].staff[${s}]" ${slug ?? affiliation.invited_email} already has an open invitation or affiliation with "${publisher.slug}" in the store`,
          );
      }
    }
    return problems;
  }

  /** Each proven domain of the store and the slug of the publisher that holds it. */
  private async provenDomainHolders(): Promise<Map<string, string>> {
    const holders = new Map<string, string>();
    for (const publisher of await this.repositories.publishers.list()) {
      for (const domain of await this.repositories.publisherDomains.domainsOf(publisher.id))
        if (domain.state === 'proven') holders.set(domain.domain, publisher.slug);
    }
    return holders;
  }

  async write(record: PublishersRecord, now: Date): Promise<PublishersSummary> {
    const summary: PublishersSummary = { publishers: 0, domains: 0, staff: 0 };
    for (const publisher of record.publishers) {
      const stored = await this.repositories.publishers.findBySlug(publisher.slug);
      const { domains, staff } = await this.newParts(publisher, stored);
      const id = await this.writePublisher(publisher, stored, now);
      for (const domain of domains) await this.writeDomain(id, publisher.slug, domain);
      for (const affiliation of staff) await this.writeStaff(id, publisher.slug, affiliation);
      summary.publishers++;
      summary.domains += domains.length;
      summary.staff += staff.length;
    }
    return summary;
  }

  private async writePublisher(record: PublisherRecord, stored: Publisher | null, now: Date): Promise<number> {
    const { publishers, publisherHistory } = this.repositories;
    const publisher =
      stored ??
      (await publishers.create(
        { slug: record.slug, name: record.name, logoUrl: record.logo_url },
        IMPORT_ACTOR,
        new Date(record.created_at),
      ));
    if (!publisher) throw new Error(`publisher "${record.slug}" could not be created`);
    const { id } = publisher;
    if (publisher.name !== record.name || publisher.logoUrl !== record.logo_url || publisher.attribution !== record.attribution)
      await publishers.update(id, { name: record.name, logoUrl: record.logo_url, attribution: record.attribution }, now);
    const { verified } = record;
    if (verified && (publisher.verifiedAt !== verified.at || publisher.verifiedBy !== verified.by))
      await publishers.setVerified(id, true, verified.by, verified.note, new Date(verified.at));
    if (!verified && publisher.verifiedAt !== null)
      await publishers.setVerified(id, false, IMPORT_ACTOR, 'Not verified in the imported file.', now);
    if (JSON.stringify(publisher.trust) !== JSON.stringify(record.trust))
      await publisherHistory.setTrust(id, record.trust as TrustSummary | null, now);
    return id;
  }

  /** Adds the domain and replays the checks that left it in its recorded state (no history entries for them). */
  private async writeDomain(publisherId: number, slug: string, d: DomainRecord): Promise<void> {
    const { publisherDomains } = this.repositories;
    const added = await publisherDomains.addDomain(publisherId, d.domain, d.token, IMPORT_ACTOR, new Date(d.added_at));
    if (!added) throw new Error(`domain ${d.domain} of publisher "${slug}" could not be added`);
    const checks: DomainCheck[] = [];
    const failure = d.last_failure ?? '';
    if (d.proven_at !== null && d.method !== null) {
      checks.push({ outcome: 'proven', method: d.method, at: d.proven_at });
      if (d.state === 'proven' && d.failing_since !== null) checks.push({ outcome: 'failing', failure, at: d.failing_since });
      if (d.state === 'lapsed') checks.push({ outcome: 'lapsed', failure, at: d.last_checked_at ?? d.proven_at });
      else if (d.last_checked_at !== null && d.last_checked_at !== checks.at(-1)!.at)
        checks.push(
          d.failing_since !== null
            ? { outcome: 'failing', failure, at: d.last_checked_at }
            : { outcome: 'proven', method: d.method, at: d.last_checked_at },
        );
    } else if (d.last_checked_at !== null) {
      // A pending domain's failed checks leave only the last one's time and failure.
      checks.push({ outcome: 'failing', failure, at: d.last_checked_at });
    }
    for (const check of checks) {
      if (!(await publisherDomains.recordCheck(publisherId, d.domain, check, null)))
        throw new Error(`domain ${d.domain} of publisher "${slug}" could not be recorded as ${check.outcome}`);
    }
  }

  /** Invites again, then answers and ends as recorded. */
  private async writeStaff(publisherId: number, slug: string, s: StaffRecord): Promise<void> {
    const { staff } = this.repositories;
    const profileId = s.profile_slug === null ? null : await this.profileIdOf(s.profile_slug);
    const who = s.profile_slug ?? s.invited_email;
    const invitee = s.invited_email !== null ? { email: s.invited_email } : { profileId: profileId! };
    const invited = await staff.invite(publisherId, invitee, s.invited_by, new Date(s.invited_at));
    if (!invited) throw new Error(`${who} could not be invited to "${slug}" again`);
    let done = true;
    if (s.accepted_at !== null) done = (await staff.accept(invited.id, profileId!, new Date(s.accepted_at))) !== null;
    if (s.state === 'declined') done &&= await staff.decline(invited.id, s.ended_by!, new Date(s.ended_at!));
    if (s.state === 'ended') done &&= await staff.end(invited.id, s.ended_by!, s.ended_reason ?? '', new Date(s.ended_at!));
    if (!done) throw new Error(`${who}'s affiliation with "${slug}" could not be restored as ${s.state}`);
  }
}

/** See PublisherImport.problems. */
export const publishersProblems = (
  repositories: StoreRepositories,
  record: PublishersRecord,
  inFile: (slug: string) => boolean,
) => new PublisherImport(repositories).problems(record, inFile);

/** Writes the file's publishers through the Publishers and Staff ports, after its profiles (staff name them). */
export const writePublishers = (repositories: StoreRepositories, record: PublishersRecord, now = new Date()) =>
  new PublisherImport(repositories).write(record, now);
