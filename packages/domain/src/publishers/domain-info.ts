import type { PublisherMatch } from './publishers-repository';

/** How a domain was proven, in the C2PA/CAWG identity assertion's words for the same methods. */
const METHODS = { 'dns-txt': 'dns_record', 'well-known': 'uri_file_verification' } as const;

/** What a v2 answer says of the verified publisher whose proven domain covers the article's address. */
export interface DomainInfo {
  publisher_name: string;
  publisher_slug: string;
  publisher_logo: string | null;
  /** The proven domain that matched (the article's host, or a parent of it). */
  domain: string;
  method: (typeof METHODS)[keyof typeof METHODS];
  proven_at: string;
  /** The publisher's trust.txt memberships that the other side confirms, by domain. */
  associations: { domain: string; relation: 'belongto' }[];
}

export function domainInfoOf({ publisher, domain }: PublisherMatch): DomainInfo {
  return {
    publisher_name: publisher.name,
    publisher_slug: publisher.slug,
    publisher_logo: publisher.logoUrl,
    domain: domain.domain,
    method: METHODS[domain.method ?? 'dns-txt'],
    proven_at: domain.provenAt ?? domain.lastCheckedAt ?? '',
    associations: (publisher.trust?.relations ?? [])
      .filter((relation) => relation.kind === 'belongto' && relation.confirmed)
      .map((relation) => ({ domain: relation.domain, relation: 'belongto' as const })),
  };
}
