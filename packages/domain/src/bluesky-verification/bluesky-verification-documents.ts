/**
 * What Byline's Bluesky account must assert about one verified journalist, and what it has published: one document
 * per profile. A change that re-renders the profile's answers writes who the record must name now (`subject`) and,
 * when that differs from what was written before, a new `change` token, in the change's own write (see
 * noteBlueskyVerifications); the worker publishes the record from `subject` (deleting the one before), and clears the
 * token when what it published is still what the document asks for.
 */
export type BlueskyVerificationDocument = {
  profileId: number;
  /** Whom the record must verify now (JSON of VerificationSubject), or null when no record must stand. */
  subject: string | null;
  /** Set by each change of `subject`, cleared by the publication that followed it. */
  change: string | null;
  /** The render revision `subject` was read at (see JournalistCredentialDocument's): older notes apply nothing. */
  renderRevision: number;
  /**
   * What the standing record says (JSON of PublishedVerification), or null: none stands, or a note left nothing to
   * assert and cleared it in its own write (an erased journalist's handle is gone from that write on).
   */
  record: string | null;
  /** The standing record's at:// address (shown on the journalist's pages; its last segment the record key), or null. */
  uri: string | null;
  /** The standing record's content address (CID), or null. */
  cid: string | null;
  /**
   * The record key of a record being written: set before the write, so that a worker that dies between the write
   * and storing its address leaves the key to the next one, which writes that same record again (never a second).
   */
  writing: string | null;
  /** Failed attempts since the last publication that went through (shown in /metrics; spaces the retries). */
  failures: number;
  /**
   * When the worker next looks at it (ISO 8601): after a failure, the retry (back-off); once published, the next
   * read of the journalist's Bluesky display name, which the record must match; null: now, if a change is pending.
   */
  dueAt: string | null;
  /** Why the last attempt failed, in a few words (never a secret); null after one that went through. */
  lastError: string | null;
};

/** Whom a verification record names: the account (by DID), its handle, and the name Byline verified. */
export interface VerificationSubject {
  did: string;
  handle: string;
  /** The journalist's approved name: an approved identity change re-issues the record. */
  name: string;
}

/** The record as published, beside its address: what a later change or display name is compared with. */
export interface PublishedVerification {
  rkey: string;
  did: string;
  handle: string;
  name: string;
  displayName: string;
  createdAt: string;
}

/** The collection of Bluesky's verification records (lexicon app.bsky.graph.verification, record key `tid`). */
export const VERIFICATION_COLLECTION = 'app.bsky.graph.verification';

/**
 * The address of Byline's record to show on the journalist's pages: one stands and Byline still means to assert it
 * (a note that withdrew it hides it at once, before the worker deletes it); null otherwise.
 */
export const standingRecordUri = (doc: Pick<BlueskyVerificationDocument, 'subject' | 'uri'> | null): string | null =>
  doc && doc.subject !== null && doc.uri ? doc.uri : null;
