import { randomBytes } from 'node:crypto';
import type { DomainProofMethod } from '@byline/domain/publishers/publishers-repository';

/** The name of the TXT record that proves a domain: under the domain, so only its owner can write it. */
export const txtRecordNameOf = (domain: string) => `_byline.${domain}`;

/** The text a publisher puts in its TXT record, or in its well-known file. */
export const proofValueOf = (token: string) => `byline-verification=${token}`;

/** Where a domain's well-known proof file is: only https, so the answer comes from the domain's own certificate. */
export const wellKnownUrlOf = (domain: string) => `https://${domain}/.well-known/byline-verification.txt`;

/** A new token: 128 random bits, hex, unguessable and safe in a DNS TXT record. */
export const newDomainToken = () => randomBytes(16).toString('hex');

/** How each way of proving a domain is named to people (history notes, pages, the command line). */
export const DOMAIN_PROOF_METHOD_NAMES: Readonly<Record<DomainProofMethod, string>> = {
  'dns-txt': 'DNS TXT record',
  'well-known': 'well-known file',
};
