import type { DidDocument, StatusListEntry, VerifiedCredentialResult, VerifyCredentialOptions } from './credential-types';
import {
  asJournalistCredential,
  asStatusEntry,
  credentialProblem,
  issuerOf,
  journalistCredentialProblem,
  statusEntriesOf,
  statusEntryProblem,
  validityProblem,
  type Json,
} from './credential-shape';
import { didWebAddressOf } from './did-web';
import { fetchedDocument } from './fetched-document';
import { issuerKeyOf, keyOwnerProblem } from './issuer-key';
import { failure, openSecured, type Failure } from './secured-credential';
import { decodedStatusList, isBitSet } from './status-bits';

type CheckFailure = Extract<VerifiedCredentialResult, { ok: false }>;

const MEDIA_TYPES = { jwt: 'application/vc+jwt', cose: 'application/vc+cose' } as const;

/**
 * Verifies a journalist's credential as Byline secures it (VC-JOSE-COSE: `application/vc+jwt` as a compact JWS, or
 * `application/vc+cose` as COSE_Sign1 bytes), in order: its format, its key (listed in the issuer's did:web
 * document, and the issuer's), its Ed25519 signature, its validity at `now`, and its revocation bit in its
 * Bitstring Status List, whose own credential is verified with the same did document. What `options` does not give
 * (the did document, the status list) is fetched, from the issuer's did:web address and the credential's
 * `statusListCredential`. Resolves to the credential, or to the first check that failed and why; it never rejects
 * for a bad credential or an unreachable document.
 */
export async function verifyCredential(
  secured: string | Uint8Array,
  options: VerifyCredentialOptions = {},
): Promise<VerifiedCredentialResult> {
  if (typeof secured !== 'string' && !(secured instanceof Uint8Array))
    throw new TypeError('verifyCredential takes a JWT (a string) or COSE (bytes)');
  const now = options.now ?? new Date();
  const opened = openSecured(secured);
  if (!opened.ok) return opened;
  const problem = journalistCredentialProblem(opened.payload);
  if (problem) return failure('format', problem);
  const credential = opened.payload as Json;
  const issuer = issuerOf(credential)!;
  // Before any fetch: a key of another DID is refused whatever that DID's document says.
  const foreignKey = keyOwnerProblem(issuer, opened.keyId);
  if (foreignKey) return foreignKey;

  const document = await didDocumentOf(issuer, options);
  if (!document.ok) return document;
  const key = await issuerKeyOf(document.document, issuer, opened.keyId);
  if (!key.ok) return key;
  const signatureProblem = await opened.signatureProblem(key.key);
  if (signatureProblem) return failure('signature', signatureProblem);
  const invalid = validityProblem(credential, now, 'the credential');
  if (invalid) return failure('validity', invalid);

  const entries = statusEntriesOf(credential);
  for (const entry of entries) {
    const entryProblem = statusEntryProblem(entry);
    if (entryProblem) return failure('status', entryProblem);
    const revoked = await statusProblem(asStatusEntry(entry), document.document, issuer, opened.securedAs, now, options);
    if (revoked) return revoked;
  }
  return {
    ok: true,
    credential: asJournalistCredential(credential),
    keyId: opened.keyId,
    securedAs: opened.securedAs,
    status: entries.length ? 'not-revoked' : 'none',
  };
}

/** The did document given, or the one the issuer's did:web address serves. */
async function didDocumentOf(
  issuer: string,
  options: VerifyCredentialOptions,
): Promise<{ ok: true; document: DidDocument } | CheckFailure> {
  if (options.didDocument !== undefined) return { ok: true, document: options.didDocument };
  const address = didWebAddressOf(issuer);
  if (!address) return failure('key', `its issuer ${issuer} is not a did:web, so its keys cannot be found`);
  const fetched = await fetchedDocument(address, 'application/did+json, application/json', options);
  if (!fetched.ok) return fetched;
  try {
    return { ok: true, document: JSON.parse(new TextDecoder().decode(fetched.bytes)) as DidDocument };
  } catch {
    return failure('fetch', `${address} is not a JSON did document`);
  }
}

/**
 * Why the credential's entry says it may not be relied on (its bit is set, or its list cannot be trusted), or null.
 * The list is the one given, or the one at its address, asked for secured as the credential is.
 */
async function statusProblem(
  entry: StatusListEntry,
  document: DidDocument,
  issuer: string,
  securedAs: keyof typeof MEDIA_TYPES,
  now: Date,
  options: VerifyCredentialOptions,
): Promise<CheckFailure | null> {
  const address = entry.statusListCredential;
  let secured = options.statusList;
  if (secured === undefined) {
    if (new URL(address).protocol !== 'https:') return failure('status', `its status list ${address} is not an https address`);
    const fetched = await fetchedDocument(address, MEDIA_TYPES[securedAs], options);
    if (!fetched.ok) return fetched;
    secured = fetched.bytes;
  }
  const list = await verifiedStatusList(secured, document, issuer, now);
  const about = `the status list ${address}`;
  if (!list.ok) return failure('status', `${about} cannot be trusted: ${list.reason}`);
  if (list.credential.id !== address)
    return failure('status', `${about} was asked for, but the list given is ${String(list.credential.id)}`);
  const subject = list.credential.credentialSubject as Json;
  if (subject.statusPurpose !== entry.statusPurpose)
    return failure('status', `${about} is for ${String(subject.statusPurpose)}, not ${entry.statusPurpose}`);
  let bits: Uint8Array;
  try {
    bits = await decodedStatusList(String(subject.encodedList));
  } catch (error) {
    return failure('status', `${about} cannot be read: ${(error as Error).message}`);
  }
  const index = Number(entry.statusListIndex);
  if (index >= bits.length * 8) return failure('status', `its index ${index} is outside ${about} (${bits.length * 8} entries)`);
  if (isBitSet(bits, index)) {
    const state = entry.statusPurpose === 'revocation' ? 'revoked' : `set for ${entry.statusPurpose}`;
    return failure('status', `it is ${state}: bit ${index} of ${about} is set`);
  }
  return null;
}

/** The status list's own credential, verified as any credential is, with the credential's did document. */
async function verifiedStatusList(
  secured: string | Uint8Array,
  document: DidDocument,
  issuer: string,
  now: Date,
): Promise<{ ok: true; credential: Json } | Failure> {
  const opened = openSecured(secured);
  if (!opened.ok) return opened;
  const problem = credentialProblem(opened.payload, 'BitstringStatusListCredential');
  if (problem) return failure('format', problem);
  const credential = opened.payload as Json;
  const subject = credential.credentialSubject as Json;
  if (subject.type !== 'BitstringStatusList' || typeof subject.encodedList !== 'string')
    return failure('format', 'its credentialSubject is not a BitstringStatusList with an encodedList');
  const listIssuer = issuerOf(credential)!;
  if (listIssuer !== issuer) return failure('key', `it is issued by ${listIssuer}, not by the credential's issuer ${issuer}`);
  const key = await issuerKeyOf(document, issuer, opened.keyId);
  if (!key.ok) return key;
  const signatureProblem = await opened.signatureProblem(key.key);
  if (signatureProblem) return failure('signature', signatureProblem);
  const invalid = validityProblem(credential, now, 'it');
  if (invalid) return failure('validity', invalid);
  return { ok: true, credential };
}
