import type { JournalistCredential, StatusListEntry } from './credential-types';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

export type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** A W3C VC 2.0 credential's envelope, or why not: its context, types, issuer and validity instants. */
export function credentialProblem(payload: unknown, type: string): string | null {
  if (!isObject(payload)) return 'its payload is not a JSON object';
  const context = payload['@context'];
  if (!Array.isArray(context) || context[0] !== VC_CONTEXT)
    return `it is not a VC 2.0 credential (its first @context is not ${VC_CONTEXT})`;
  const types = payload.type;
  if (!Array.isArray(types) || !types.includes('VerifiableCredential') || !types.includes(type))
    return `it is not a VerifiableCredential of type ${type}`;
  if (issuerOf(payload) === null) return 'it names no issuer';
  for (const field of ['validFrom', 'validUntil'])
    if (field in payload && !isInstant(payload[field])) return `its ${field} is not a date and time`;
  if (!isObject(payload.credentialSubject)) return 'it has no credentialSubject';
  return null;
}

/** The issuer's id: the issuer itself when a string, its `id` when an object. */
export function issuerOf(credential: Json): string | null {
  const issuer = credential.issuer;
  if (typeof issuer === 'string' && issuer) return issuer;
  if (isObject(issuer) && typeof issuer.id === 'string' && issuer.id) return issuer.id;
  return null;
}

/** A journalist's credential, or why not: a VC 2.0 IdentityClaimsAggregationCredential with a name and identities. */
export function journalistCredentialProblem(payload: unknown): string | null {
  const problem = credentialProblem(payload, 'IdentityClaimsAggregationCredential');
  if (problem) return problem;
  const credential = payload as Json;
  if (!hasStrings(credential.issuer, 'id', 'name')) return 'its issuer is not an object with an id and a name';
  if (!('validFrom' in credential) || !('validUntil' in credential)) return 'it has no validFrom or no validUntil';
  const subject = credential.credentialSubject as Json;
  if (!hasStrings(subject, 'id', 'name')) return 'its credentialSubject has no id or no name';
  const identities = subject.verifiedIdentities;
  if (!Array.isArray(identities)) return 'its credentialSubject has no verifiedIdentities';
  const bad = identities.findIndex(
    (identity) =>
      !hasStrings(identity, 'type', 'uri', 'method', 'verifiedAt') ||
      !hasStrings(identity.provider, 'id', 'name') ||
      !(identity.username === undefined || typeof identity.username === 'string'),
  );
  if (bad >= 0) return `its verified identity ${bad} lacks a type, uri, method, verifiedAt or provider (id and name)`;
  return null;
}

/** Whether `value` is an object whose `fields` are all strings. */
function hasStrings(value: unknown, ...fields: string[]): value is Json {
  return isObject(value) && fields.every((field) => typeof value[field] === 'string');
}

export const asJournalistCredential = (payload: unknown) => payload as JournalistCredential;

/** The credential's status entries: none, one, or a list of them (VC 2.0 allows each). */
export function statusEntriesOf(credential: Json): unknown[] {
  const status = credential.credentialStatus;
  if (status === undefined) return [];
  return Array.isArray(status) ? status : [status];
}

/** A Bitstring Status List entry, or why not. */
export function statusEntryProblem(entry: unknown): string | null {
  if (!isObject(entry)) return 'its credentialStatus is not an object';
  if (entry.type !== 'BitstringStatusListEntry')
    return `its credentialStatus is of type ${String(entry.type)}, which this verifier cannot check (BitstringStatusListEntry only)`;
  if (typeof entry.statusPurpose !== 'string') return 'its credentialStatus has no statusPurpose';
  if (typeof entry.statusListIndex !== 'string' || !/^(0|[1-9]\d{0,9})$/.test(entry.statusListIndex))
    return 'its credentialStatus has no statusListIndex (a whole number, as a string)';
  if (typeof entry.statusListCredential !== 'string' || !URL.canParse(entry.statusListCredential))
    return 'its credentialStatus has no statusListCredential address';
  return null;
}

export const asStatusEntry = (entry: unknown) => entry as StatusListEntry;

/** Why the credential is not valid at `now` (`what` names it in the reason), or null. */
export function validityProblem(credential: Json, now: Date, what: string): string | null {
  const from = typeof credential.validFrom === 'string' ? Date.parse(credential.validFrom) : undefined;
  const until = typeof credential.validUntil === 'string' ? Date.parse(credential.validUntil) : undefined;
  if (from !== undefined && now.getTime() < from)
    return `${what} is not valid yet: it is valid from ${credential.validFrom as string}`;
  if (until !== undefined && now.getTime() > until) return `${what} expired at ${credential.validUntil as string}`;
  return null;
}
