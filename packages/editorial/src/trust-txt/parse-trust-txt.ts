import net from 'node:net';
import { TRUST_RELATION_KINDS, type TrustIssue, type TrustRelationKind } from '@byline/domain/publishers/trust-summary';

/** A relation as one line of a file declares it, before the other side is asked. */
export interface DeclaredRelation {
  kind: TrustRelationKind;
  /** The other site's host as compared: lower case, ASCII, no trailing dot, no leading `www.`. */
  domain: string;
  /** Its host as written (lower case, ASCII): where its own trust.txt is read. */
  host: string;
  line: number;
}

/** What one trust.txt says, line by line, with what was wrong with it. */
export interface ParsedTrustTxt {
  relations: DeclaredRelation[];
  social: string[];
  contacts: string[];
  disclosures: string[];
  dataTrainingAllowed: boolean | null;
  errors: TrustIssue[];
  warnings: TrustIssue[];
}

const ATTRIBUTES = new Set<string>([...TRUST_RELATION_KINDS, 'social', 'contact', 'disclosure', 'datatrainingallowed']);
const isRelation = (name: string): name is TrustRelationKind => (TRUST_RELATION_KINDS as readonly string[]).includes(name);

/** A trailing comment starts at a `#` after whitespace; one inside a value (an address's fragment) is kept. */
const TRAILING_COMMENT = /\s#.*$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The site a relation's value names, as JournalList's files write it: the address of the other party's site
 * (`https://www.example.org/`), compared by host without its `www.` (the specification's own validator does the same,
 * since the two sides seldom agree on it). A bare host is taken too, with a warning. An error message otherwise.
 */
export function siteOf(value: string): { domain: string; host: string; bare: boolean } | string {
  const bare = !HAS_SCHEME.test(value);
  let url: URL;
  try {
    url = new URL(bare ? `https://${value}` : value);
  } catch {
    return 'is not a web address';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http(s) address';
  if (url.username || url.password) return 'is not a site’s address (it has a user name)';
  const host = url.hostname.replace(/\.$/, '');
  if (net.isIP(host) || host.startsWith('[')) return 'names an IP address, not a site';
  if (!host.includes('.')) return 'is not a site’s address';
  return { domain: host.replace(/^www\./, ''), host, bare };
}

/** `value` when it is an http(s) address, else null. */
function webAddressOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/** What a file that declares nothing (or none that could be read) gives. */
export function nothingDeclared(): ParsedTrustTxt {
  return { relations: [], social: [], contacts: [], disclosures: [], dataTrainingAllowed: null, errors: [], warnings: [] };
}

/**
 * Reads a trust.txt (JournalList's specification): `name=value` lines, split at the first `=` (a value may hold
 * more), names in any case, `#` comments on lines of their own or after whitespace, blank lines and CRLF endings
 * allowed. Relations (`member`, `belongto`, `control`, `controlledby`, `vendor`, `customer`) are kept by the other
 * site's host; `social` and `disclosure` addresses, `contact` values as written; `datatrainingallowed` as yes/no.
 * Errors are what the specification forbids (more than one `controlledby`: a site has one controller; more than one
 * or another value than yes/no for `datatrainingallowed`); warnings what could not be used (unknown attributes,
 * lines that are not `name=value`, values that are not addresses, repeated relations). Pure: reads nothing.
 */
export function parseTrustTxt(text: string): ParsedTrustTxt {
  const parsed = nothingDeclared();
  const warn = (line: number, message: string) => parsed.warnings.push({ line, message });
  const fail = (line: number, message: string) => parsed.errors.push({ line, message });
  let controlledBy = 0;
  let dataTraining = 0;

  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      const content = raw.trim();
      if (!content || content.startsWith('#')) return;
      const entry = content.replace(TRAILING_COMMENT, '').trim();
      const equals = entry.indexOf('=');
      const name = equals > 0 ? entry.slice(0, equals).trim().toLowerCase() : '';
      if (!name) return warn(line, 'is not name=value');
      const value = entry.slice(equals + 1).trim();
      if (!ATTRIBUTES.has(name)) return warn(line, `unknown attribute "${name}"`);
      if (!value) return warn(line, `${name} has no value`);

      if (isRelation(name)) {
        if (name === 'controlledby' && ++controlledBy > 1) {
          fail(line, 'controlledby is given more than once: a site is controlled by one other');
        }
        const site = siteOf(value);
        if (typeof site === 'string') return warn(line, `${name} "${value}" ${site}`);
        if (site.bare) warn(line, `${name} "${value}" is not written as an address (https://…); read as ${site.host}`);
        if (parsed.relations.some((known) => known.kind === name && known.domain === site.domain)) {
          return warn(line, `${name} ${site.domain} is repeated`);
        }
        parsed.relations.push({ kind: name, domain: site.domain, host: site.host, line });
      } else if (name === 'datatrainingallowed') {
        dataTraining += 1;
        const answer = value.toLowerCase();
        if (dataTraining > 1) {
          fail(line, 'datatrainingallowed is given more than once');
          parsed.dataTrainingAllowed = null;
        } else if (answer !== 'yes' && answer !== 'no') {
          fail(line, `datatrainingallowed must be yes or no, not "${value}"`);
        } else {
          parsed.dataTrainingAllowed = answer === 'yes';
        }
      } else if (name === 'contact') {
        parsed.contacts.push(value);
      } else {
        const address = webAddressOf(value);
        if (!address) return warn(line, `${name} "${value}" is not an http(s) address`);
        (name === 'social' ? parsed.social : parsed.disclosures).push(address);
      }
    });
  return parsed;
}
