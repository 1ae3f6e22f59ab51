/**
 * A credential signing key as the store keeps it, known by its thumbprint (unique: a key is stored once, whichever
 * process or replica meets it first). Each key follows the one before it (`successorOf`, 0 for the first; unique:
 * two processes starting at once, or two rotations at once, add one key, never two). A key is published while
 * `publishUntil` is ahead: every signer moves it to its last use plus the credentials' validity, so what a key
 * signed can be checked until it expires, whatever replica signed it and whichever key is newest.
 */
export type CredentialKeyDocument = {
  /** The key's number: its verification method is `did:web:…#key-N`. */
  id: number;
  successorOf: number;
  /** RFC 7638 thumbprint of the public key. */
  thumbprint: string;
  /** The public JWK (JSON). */
  publicJwk: string;
  /**
   * The private JWK (JSON) of the newest key Byline generated (the embedded store without a configured key); null
   * for the operator's key (CREDENTIAL_SIGNING_KEY), never stored, and for a generated key once it has a successor.
   */
  privateJwk: string | null;
  createdAt: string;
  /** Until when did.json and jwks.json list the key (an instant, ISO 8601). */
  publishUntil: string;
};

export type NewCredentialKey = Omit<CredentialKeyDocument, 'id'>;
