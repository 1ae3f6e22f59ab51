import { REVERSE_TRUST_RELATION, type TrustRelation, type TrustSummary } from '@byline/domain/publishers/trust-summary';
import { nothingDeclared, parseTrustTxt, type DeclaredRelation, type ParsedTrustTxt } from './parse-trust-txt';

/** What reading trust.txt files needs from outside: the body at an https address, or an error saying why not. */
export interface TrustTxtSources {
  fetchText(url: string): Promise<string>;
}

export interface ReadTrustTxtOptions extends TrustTxtSources {
  /** The clock for readAt. */
  now?: () => Date;
  /** How many other sites' files one reading asks at most (a file may list hundreds of members). */
  maxOtherSites?: number;
}

/** Enough for an outlet's associations, owners and vendors; an association's list of members is not read through. */
export const MAX_OTHER_SITES = 20;

/** Where a site's trust.txt is looked for, in order: its root, then the well-known address the specification added. */
export const trustTxtUrlsOf = (host: string): [string, string] => [
  `https://${host}/trust.txt`,
  `https://${host}/.well-known/trust.txt`,
];

type FileRead = { url: string; parsed: ParsedTrustTxt } | { failure: string };

async function readFile(host: string, fetchText: TrustTxtSources['fetchText']): Promise<FileRead> {
  const failures: string[] = [];
  for (const url of trustTxtUrlsOf(host)) {
    try {
      return { url, parsed: parseTrustTxt(await fetchText(url)) };
    } catch (error) {
      failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { failure: failures.join('; ') };
}

/**
 * Reads `domain`'s trust.txt (`https://DOMAIN/trust.txt`, else `https://DOMAIN/.well-known/trust.txt`) and what it
 * declares, and confirms each relation by the other site's own file: a `belongto` counts only when the association's
 * file lists this site as `member` (and the other way round), `control` ↔ `controlledby`, `vendor` ↔ `customer` —
 * a claim one side makes alone proves nothing. Each other site is read once, at most `maxOtherSites` of them (the
 * rest are left unconfirmed, saying so); a site that cannot be read leaves its relations unconfirmed with the reason.
 */
export async function readTrustTxt(domain: string, options: ReadTrustTxtOptions): Promise<TrustSummary> {
  const { fetchText, now = () => new Date(), maxOtherSites = MAX_OTHER_SITES } = options;
  const readAt = now().toISOString();
  const host = domain.toLowerCase().replace(/\.$/, '');
  const self = host.replace(/^www\./, '');
  const own = await readFile(host, fetchText);
  if ('failure' in own) {
    return { domain: host, readAt, url: null, ...nothingDeclared(), relations: [], failure: own.failure };
  }
  const { parsed } = own;

  const others = [...new Set(parsed.relations.filter((r) => r.domain !== self).map((r) => r.host))];
  const asked = others.slice(0, maxOtherSites);
  const files = new Map(await Promise.all(asked.map(async (other) => [other, await readFile(other, fetchText)] as const)));

  const confirm = (relation: DeclaredRelation): TrustRelation => {
    const { kind, domain: other } = relation;
    const unconfirmed = (reason: string): TrustRelation => ({ kind, domain: other, confirmed: false, reason });
    if (other === self) return unconfirmed('names this site itself');
    const file = files.get(relation.host);
    if (!file) return unconfirmed(`not asked: only the first ${maxOtherSites} other sites are read`);
    if ('failure' in file) return unconfirmed(`its trust.txt could not be read (${file.failure})`);
    const reverse = REVERSE_TRUST_RELATION[kind];
    const declared = file.parsed.relations.some((back) => back.kind === reverse && back.domain === self);
    return declared
      ? { kind, domain: other, confirmed: true, reason: null }
      : unconfirmed(`${file.url} does not declare ${reverse}=${self}`);
  };

  return {
    domain: host,
    readAt,
    url: own.url,
    relations: parsed.relations.map(confirm),
    social: parsed.social,
    contacts: parsed.contacts,
    disclosures: parsed.disclosures,
    dataTrainingAllowed: parsed.dataTrainingAllowed,
    errors: parsed.errors,
    warnings: parsed.warnings,
    failure: null,
  };
}
