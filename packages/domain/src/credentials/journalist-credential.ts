import type { VerifiedIdentity } from '../claims/verified-identity';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** CAWG identity assertion's identity claims aggregation context (1.1, kept by 1.2), which C2PA validators require. */
export const CAWG_ICA_CONTEXT = 'https://cawg.io/identity/1.1/ica/context/';
export const CREDENTIAL_TYPES = ['VerifiableCredential', 'IdentityClaimsAggregationCredential'] as const;

/** The methods CAWG names, as its credentials spell them; Byline's own (editor attestation, import…) stay its own. */
const CAWG_METHODS = new Set(['federated_login', 'uri_meta_tag_verification', 'dns_record', 'uri_file_verification']);

/** A verified identity as the credential carries it. */
export interface CredentialIdentity extends Omit<VerifiedIdentity, 'method'> {
  method: string;
}

export interface JournalistCredential {
  '@context': [typeof VC_CONTEXT, typeof CAWG_ICA_CONTEXT];
  type: typeof CREDENTIAL_TYPES;
  issuer: { id: string; name: string };
  validFrom: string;
  validUntil: string;
  credentialSubject: {
    /** The journalist's public profile page on Byline. */
    id: string;
    name: string;
    verifiedIdentities: CredentialIdentity[];
  };
  /** Where its revocation is published (a BitstringStatusListEntry); absent when the issuer keeps no list for it. */
  credentialStatus?: CredentialStatusEntry;
}

/** A credential's entry in a status list (see status-list.ts, statusListEntryOf). */
export interface CredentialStatusEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
}

export interface CredentialInput {
  issuer: { id: string; name: string };
  /** The journalist's approved name and public profile address. */
  subject: { name: string; url: string };
  /** The live evidence behind the verification, as v2 renders it (only what is proven and public). */
  identities: readonly VerifiedIdentity[];
  validFrom: Date;
  validityMs: number;
  status?: CredentialStatusEntry;
}

/** A credential's instant: seconds are enough for validity, and keep the rendering the same on every platform. */
export const credentialInstant = (time: number) => new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * A verified journalist's live evidence as a W3C VC 2.0 credential that a C2PA manifest can carry as a CAWG
 * identity assertion (identity claims aggregation): the same inputs give the same credential, field for field.
 */
export function journalistCredentialOf(input: CredentialInput): JournalistCredential {
  const validFrom = input.validFrom.getTime();
  return {
    '@context': [VC_CONTEXT, CAWG_ICA_CONTEXT],
    type: CREDENTIAL_TYPES,
    issuer: { id: input.issuer.id, name: input.issuer.name },
    validFrom: credentialInstant(validFrom),
    validUntil: credentialInstant(validFrom + input.validityMs),
    credentialSubject: {
      id: input.subject.url,
      name: input.subject.name,
      verifiedIdentities: input.identities.map(({ type, username, uri, method, verifiedAt, provider }) => ({
        type,
        ...(username === undefined ? {} : { username }),
        uri,
        method: CAWG_METHODS.has(method) ? `cawg.${method}` : method,
        verifiedAt,
        provider: { id: provider.id, name: provider.name },
      })),
    },
    ...(input.status ? { credentialStatus: input.status } : {}),
  };
}
