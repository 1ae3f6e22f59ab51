import { randomBytes } from 'node:crypto';

/** The name of the TXT record that proves a domain: under the domain, so only its owner can write it. */
export const txtRecordNameOf = (domain: string) => `_byline.${domain}`;

/** The text a publisher puts in its TXT record, or in its well-known file. */
export const proofValueOf = (token: string) => `byline-verification=${token}`;

/** Where a domain's well-known proof file is: only https, so the answer comes from the domain's own certificate. */
export const wellKnownUrlOf = (domain: string) => `https://${domain}/.well-known/byline-verification.txt`;

/** A new token: 128 random bits, hex, unguessable and safe in a DNS TXT record. */
export const newDomainToken = () => randomBytes(16).toString('hex');
