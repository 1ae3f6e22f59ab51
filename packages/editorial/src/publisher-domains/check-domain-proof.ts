import { proofValueOf, txtRecordNameOf, wellKnownUrlOf } from './domain-token';
import type { DomainProofMethod } from '@byline/domain/publishers/publishers-repository';

/** What a domain check needs from outside: DNS TXT records (DNS_SERVERS) and the SSRF-safe fetch of a text file. */
export interface DomainProofSources {
  /** The TXT records of a name, each as its strings (dns.resolveTxt's form). */
  txt(name: string): Promise<string[][]>;
  /** The body of an https address, or an error whose message says why not. */
  fetchText(url: string): Promise<string>;
}

export type DomainProofResult = { ok: true; method: DomainProofMethod } | { ok: false; failure: string };

/**
 * Whether the domain holds its token, by either way a publisher may show it: the TXT record `_byline.DOMAIN` =
 * `byline-verification=TOKEN` (asked first: a DNS answer costs less than a page), else the file at
 * `https://DOMAIN/.well-known/byline-verification.txt` holding the token (alone or as `byline-verification=TOKEN`,
 * on a line of its own). The failure names what each way found, for the publisher to fix.
 */
export async function checkDomainProof(domain: string, token: string, sources: DomainProofSources): Promise<DomainProofResult> {
  const expected = proofValueOf(token);
  const dns = await sources.txt(txtRecordNameOf(domain)).then(
    (records) => records.some((strings) => strings.join('').trim() === expected) || 'has no matching value',
    (error: NodeJS.ErrnoException) =>
      error.code === 'ENOTFOUND' || error.code === 'ENODATA'
        ? 'was not found'
        : `could not be read (${error.code ?? error.message})`,
  );
  if (dns === true) return { ok: true, method: 'dns-txt' };
  const file = await sources.fetchText(wellKnownUrlOf(domain)).then(
    (body) => body.split(/\r?\n/).some((line) => [token, expected].includes(line.trim())) || 'does not hold the token',
    (error: Error) => `could not be read (${error.message})`,
  );
  if (file === true) return { ok: true, method: 'well-known' };
  return {
    ok: false,
    failure: `The TXT record ${txtRecordNameOf(domain)} ${dns}, and ${wellKnownUrlOf(domain)} ${file}.`,
  };
}
