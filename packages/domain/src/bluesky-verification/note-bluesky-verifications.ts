import { UniqueTakenError, type DocumentSteps } from '../documents/documents';
import { recoverStep, step, type Steps } from '../store/steps';
import { randomBytes } from 'node:crypto';
import type { Profile } from '../domain/types';
import { isBlueskyDid } from '../social/bluesky-account';
import type { BlueskyVerificationDocument, VerificationSubject } from './bluesky-verification-documents';

/** A fresh change token: the worker's publication settles only while the token it read is still the document's. */
const newChange = () => randomBytes(12).toString('base64url');

/** A verified journalist's proven Bluesky account, as the stores read it with their answers: its DID and handle. */
export interface ProvenBlueskyAccount {
  profileId: number;
  did: string;
  /** The claim's value: the handle the account's DID document confirms, or the DID while no handle does. */
  value: string;
}

/** What a re-render read of one profile: whom its Bluesky verification must name now, and its render revision. */
export interface VerificationRead {
  profileId: number;
  subject: string | null;
  revision: number;
}

/**
 * Whom Byline's record must verify for a profile as just read (JSON), or null: none unless the journalist is verified
 * and has a proven Bluesky account with a handle that resolves to it (a record names the handle: without one, Bluesky
 * counts no verification, and Byline asserts nothing it cannot name). With several proven accounts, the first.
 */
export function verificationSubjectOf(profile: Profile | undefined, accounts: readonly ProvenBlueskyAccount[]): string | null {
  if (!profile?.verified) return null;
  const account = accounts.find((each) => each.profileId === profile.id && !isBlueskyDid(each.value));
  if (!account) return null;
  const { profile_first_name: first, profile_last_name: last } = profile;
  const subject: VerificationSubject = { did: account.did, handle: account.value, name: `${first} ${last}`.trim() };
  return JSON.stringify(subject);
}

/**
 * Part of re-rendering profiles' answers, in the same write: writes whom each profile's Bluesky verification record
 * must name now, with a new change token where that differs from what was written before, so that the worker
 * publishes, re-issues or deletes the record. Verify, unverify, a proof that lapses, an erasure, an approved identity
 * change and a handle change all re-render: none has to tell the record itself. A profile that never had a record
 * and needs none is left without a document; a note from an older read than the last one applies nothing (MongoDB).
 */
export function* noteBlueskyVerifications(
  verifications: DocumentSteps<BlueskyVerificationDocument>,
  reads: readonly VerificationRead[],
): Steps<void> {
  if (!reads.length) return;
  const known = new Map(
    (yield* step(verifications.all({ profileId: { in: reads.map((read) => read.profileId) } }))).map((doc) => [
      doc.profileId,
      doc,
    ]),
  );
  for (const { profileId, subject, revision } of reads) {
    const before = known.get(profileId);
    // Nothing to note when the subject is as written, unless a withdrawal (MongoDB's, before a change that removes
    // something: see takeOutOfService) left whom the standing record names for this note to clear.
    const same = before !== undefined && before.subject === subject && (subject !== null || before.record === null);
    if (before ? before.renderRevision > revision || same : subject === null) continue;
    // Due now: a retry's back-off or a display name's next read gives way to the change.
    const note = {
      subject,
      change: newChange(),
      renderRevision: revision,
      dueAt: null,
      failures: 0,
      lastError: null,
      // Nothing to assert (unverified, lapsed, erased): whom the standing record names goes in this write; its
      // address stays, for the worker to delete it by.
      ...(subject === null ? { record: null } : {}),
    };
    if (before) {
      yield* step(verifications.updateFirst({ profileId, renderRevision: { lte: revision } }, note));
      continue;
    }
    const fresh: BlueskyVerificationDocument = { profileId, record: null, uri: null, cid: null, writing: null, ...note };
    // Two renders at once (MongoDB): the second finds the first's document, and applies over it only from a read as recent.
    yield* step(
      recoverStep(
        () => verifications.insert(fresh),
        (error) => {
          if (!(error instanceof UniqueTakenError)) throw error;
          return verifications.updateFirst({ profileId, renderRevision: { lte: revision } }, note);
        },
      ),
    );
  }
}
