/**
 * A credential signing key as the store keeps it. Each key follows the one before it (`successorOf`, 0 for the
 * first), a unique field: two processes starting at once, or two rotations at once, make one key, never two.
 * The newest key signs; a key with a successor is retired and stays published until what it signed has expired.
 */
export type CredentialKeyDocument = {
  /** The key's number: its verification method is `did:web:…#key-N`. */
  id: number;
  successorOf: number;
  /** The public JWK (JSON). */
  publicJwk: string;
  /**
   * The private JWK (JSON) of a key Byline generated (the embedded store without a configured key); null for the
   * operator's key (CREDENTIAL_SIGNING_KEY), which is never stored.
   */
  privateJwk: string | null;
  /** RFC 7638 thumbprint of the public key. */
  thumbprint: string;
  createdAt: string;
};

export type NewCredentialKey = Omit<CredentialKeyDocument, 'id'>;
