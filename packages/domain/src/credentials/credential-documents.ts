/**
 * A verified journalist's credential as the store keeps it, one per profile. A change that re-renders the profile's
 * answers writes what its credential must now claim (`claims`) and, when that differs from what was written before,
 * a new `change` token, in the change's own write; the worker issues the credential from `claims`, conditional on the
 * token it read, and clears the token. A credential is served only while no change is pending (`change` null).
 */
export type JournalistCredentialDocument = {
  profileId: number;
  /** What the credential must claim now (JSON of CredentialClaims), or null when it must claim nothing (unverified, gone). */
  claims: string | null;
  /** Set by each change of `claims`, cleared by the issue that followed it: while set, nothing is served. */
  change: string | null;
  /**
   * The profile's render revision `claims` were read at (see EvidencedView; always 0 on SQLite): a note from an
   * older read than the last one applies nothing, so a slow re-render never writes back what a later change undid.
   */
  renderRevision: number;
  /**
   * Set (MongoDB) as a change that removes something takes the profile's answers out of service, before its own
   * write; cleared only by the note of the re-render after it. While set, nothing is served and the worker leaves the
   * credential alone: interrupted between the two, the credential stays unserved until the profile's next re-render.
   */
  awaitingNote: boolean;
  /** The slug of the public address it is served under (that of `claims`); null when it claims nothing. */
  slug: string | null;
  /**
   * The claims the served credential was issued from (JSON), to tell what a change withdrew; cleared (with the served
   * bytes) by the change that leaves nothing to claim, so an erased journalist's name is gone from that write on.
   */
  issuedClaims: string | null;
  /** The status list entry (CredentialStatusEntryDocument's id) the served credential points at. */
  statusEntry: number | null;
  /** The credential secured as a compact JWS. */
  jwt: string | null;
  /** The credential secured as COSE_Sign1, base64. */
  cose: string | null;
  /** The entity tag of this issue (both securings are told apart by a suffix). */
  etag: string | null;
  issuedAt: string | null;
  /** When the served credential is issued again, before it expires (ISO 8601); null when nothing is served. */
  reissueAt: string | null;
};

/**
 * One index of a status list given to a credential: unique per list (never given twice), `revokedAt` set when the
 * credential it was given to is revoked (the list's bit), with its `credential.revoked` webhook event in that write.
 * It names no journalist: the credential document points at it.
 */
export type CredentialStatusEntryDocument = {
  id: number;
  list: number;
  index: number;
  revokedAt: string | null;
};

export type NewCredentialStatusEntry = Omit<CredentialStatusEntryDocument, 'id'>;

/** A status list as published: its credential secured both ways, and the revocations it was made from. */
export type StatusListDocument = {
  /** The list's number: it is served at /credentials/status/N. */
  id: number;
  /** How many of its entries were revoked when it was published (-1: never published). */
  revokedCount: number;
  jwt: string | null;
  /** base64 */
  cose: string | null;
  etag: string | null;
  publishedAt: string | null;
  /** When it is published again before it expires; null before the first publication. */
  reissueAt: string | null;
};
