/**
 * The shapes of what Byline signs, as a relying party reads them. The client keeps its own copy (it depends on
 * nothing of the service's); its tests check that the credentials the service builds fit them.
 */

/** A verified identity of the journalist: one live proof (CAWG identity claims aggregation). */
export interface CredentialIdentity {
  /** `cawg.social_media`, `cawg.web_site`, `cawg.affiliation`… */
  type: string;
  username?: string;
  uri: string;
  /** CAWG's methods as CAWG spells them (`cawg.federated_login`…), Byline's own otherwise. */
  method: string;
  verifiedAt: string;
  provider: { id: string; name: string };
}

/** Where a credential's revocation bit is: W3C Bitstring Status List. */
export interface StatusListEntry {
  id?: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: string;
  /** The bit's index, as a string of digits. */
  statusListIndex: string;
  /** The address of the list's own credential. */
  statusListCredential: string;
}

/** A journalist's credential: a W3C VC 2.0 `IdentityClaimsAggregationCredential`. */
export interface JournalistCredential {
  '@context': readonly string[];
  type: readonly string[];
  issuer: { id: string; name: string };
  validFrom: string;
  validUntil: string;
  credentialStatus?: StatusListEntry;
  credentialSubject: {
    /** The journalist's public page on Byline. */
    id: string;
    name: string;
    verifiedIdentities: CredentialIdentity[];
  };
}

/** The issuer's did document (`did.json`): its keys as JsonWebKey verification methods. */
export interface DidDocument {
  id: string;
  verificationMethod?: { id: string; type: string; controller?: string; publicKeyJwk?: Record<string, unknown> }[];
  assertionMethod?: (string | { id: string })[];
}

/** The checks, in the order they are made (`fetch` when a document the checks need could not be fetched). */
export type CredentialCheck = 'format' | 'key' | 'signature' | 'validity' | 'status' | 'fetch';

export type SecuredAs = 'jwt' | 'cose';

export type VerifiedCredentialResult =
  | {
      ok: true;
      credential: JournalistCredential;
      /** The verification method that signed it (`did:web:…#key-N`). */
      keyId: string;
      securedAs: SecuredAs;
      /** `not-revoked`: its status list was checked; `none`: it has no `credentialStatus`, so nothing was checked. */
      status: 'not-revoked' | 'none';
    }
  | { ok: false; check: CredentialCheck; reason: string };

export interface VerifyCredentialOptions {
  /** The issuer's did document; without it, it is fetched from the issuer's did:web address. */
  didDocument?: DidDocument;
  /**
   * The status list's credential (a JWT string or COSE bytes), checked with the same did document; without it, the
   * list is fetched from the credential's `statusListCredential`.
   */
  statusList?: string | Uint8Array;
  /** The fetch to call for what is not given; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** The wait for each document fetched, body included (default 10 000). */
  timeoutMs?: number;
  /** Ends the fetches early. */
  signal?: AbortSignal;
  /** The instant the validity is checked at (default: now). */
  now?: Date;
}
