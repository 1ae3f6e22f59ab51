import { randomBytes } from 'node:crypto';
import { UniqueTakenError, type DocumentSteps } from '../documents/documents';
import { recoverStep, step, type Steps } from '../store/steps';
import type { JournalistCredentialDocument } from './credential-documents';
import { claimsOf, type CredentialClaims } from './credential-claims';
import type { AnswersUnit } from '../answers/answers-unit';
import { noteBlueskyVerifications, verificationSubjectOf } from '../bluesky-verification/note-bluesky-verifications';

/** A fresh change token: the worker's issue applies only while the token it read is still the document's. */
export const newChange = () => randomBytes(12).toString('base64url');

/** What a re-render read of one profile: what its credential must claim now, and the render revision of that read. */
export interface ClaimsRead {
  profileId: number;
  claims: string | null;
  revision: number;
}

/** What a note writes: the claims, the address they are served under, a new change; nothing served when none. */
function noteOf({ claims, revision }: ClaimsRead): Partial<JournalistCredentialDocument> {
  const slug = claims === null ? null : (JSON.parse(claims) as CredentialClaims).slug;
  const note = { claims, slug, change: newChange(), renderRevision: revision, awaitingNote: false };
  // Nothing left to claim (unverified, or erased): what was issued goes in this write, its status entry stays for
  // the worker to revoke (see CredentialIssuance: a cleared issue is revoked).
  return claims === null
    ? { ...note, issuedClaims: null, jwt: null, cose: null, etag: null, issuedAt: null, reissueAt: null }
    : note;
}

/**
 * Part of re-rendering profiles' answers, in the same write: writes what each one's credential must now claim, with
 * a new change token where that differs from what was written before, so that the worker issues (or withdraws) the
 * credential and nothing is served meanwhile. One read for the round. A profile that never had a credential and must
 * claim nothing is left without one; most changes (an article's) leave the claims as they were and write nothing.
 *
 * A note applies only over one from the same or an older read (its render revision): on MongoDB a slow re-render's
 * note may come after a later change's, which it must not undo. SQLite reads and writes in one transaction (revision
 * always 0), so notes there are in order.
 */
export function* noteCredentialClaims(
  credentials: DocumentSteps<JournalistCredentialDocument>,
  reads: readonly ClaimsRead[],
): Steps<void> {
  if (!reads.length) return;
  const known = new Map(
    (yield* step(credentials.all({ profileId: { in: reads.map((read) => read.profileId) } }))).map((doc) => [doc.profileId, doc]),
  );
  for (const read of reads) {
    const { profileId, claims, revision } = read;
    const before = known.get(profileId);
    if (before ? before.renderRevision > revision : claims === null) continue;
    if (before && before.claims === claims) {
      // Nothing it claims changed; a removal's mark (MongoDB) is lifted, and the worker serves what it issued again.
      if (before.awaitingNote)
        yield* step(credentials.updateFirst({ profileId, renderRevision: { lte: revision } }, { awaitingNote: false }));
      continue;
    }
    const note = noteOf(read);
    if (before) {
      yield* step(credentials.updateFirst({ profileId, renderRevision: { lte: revision } }, note));
      continue;
    }
    const fresh: JournalistCredentialDocument = {
      profileId,
      claims: null,
      change: null,
      renderRevision: revision,
      awaitingNote: false,
      slug: null,
      issuedClaims: null,
      statusEntry: null,
      jwt: null,
      cose: null,
      etag: null,
      issuedAt: null,
      reissueAt: null,
      ...note,
    };
    // Two renders of a new credential at once (MongoDB): the second finds the first's document, and applies over it
    // only from a read as recent.
    yield* step(
      recoverStep(
        () => credentials.insert(fresh),
        (error) => {
          if (!(error instanceof UniqueTakenError)) throw error;
          return credentials.updateFirst({ profileId, renderRevision: { lte: revision } }, note);
        },
      ),
    );
  }
}

/** Profiles noted per read: one `$in` read of them and one of their evidence on MongoDB. */
const PROFILES_PER_NOTE = 500;

/**
 * Notes the credentials of profiles whose answers were written without a re-render (MongoDB's bulk import writes new
 * profiles whole): read without their articles, noted as a re-render notes them.
 */
export function* noteCredentialsOf(unit: AnswersUnit, profileIds: Iterable<number>): Steps<void> {
  const { credentials } = unit;
  if (!credentials) return;
  const ids = [...new Set(profileIds)];
  for (let start = 0; start < ids.length; start += PROFILES_PER_NOTE) {
    const views = yield* step(unit.credentialViews(ids.slice(start, start + PROFILES_PER_NOTE)));
    yield* noteCredentialClaims(
      credentials,
      views.map((view) => ({ profileId: view.profile.id, claims: claimsOf(view), revision: view.revision })),
    );
    // Their Bluesky verifications too, as a re-render notes them.
    if (unit.blueskyVerifications && views.length) {
      const accounts = yield* step(unit.provenBlueskyAccounts(views.map((view) => view.profile.id)));
      yield* noteBlueskyVerifications(
        unit.blueskyVerifications,
        views.map((view) => ({
          profileId: view.profile.id,
          subject: verificationSubjectOf(view.profile, accounts),
          revision: view.revision,
        })),
      );
    }
  }
}
