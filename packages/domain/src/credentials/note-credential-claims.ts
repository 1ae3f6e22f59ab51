import { randomBytes } from 'node:crypto';
import type { DocumentSteps } from '../documents/documents';
import { recoverStep, step, type Steps } from '../store/steps';
import { UniqueTakenError } from '../documents/documents';
import type { JournalistCredentialDocument } from './credential-documents';
import type { CredentialClaims } from './credential-claims';

/** A fresh change token: the worker's issue applies only while the token it read is still the document's. */
const newChange = () => randomBytes(12).toString('base64url');

/**
 * Part of re-rendering a profile's answers, in the same write: writes what its credential must now claim, with a
 * new change token when that differs from what was written before, so that the worker issues (or withdraws) the
 * credential and nothing is served meanwhile. A profile that never had a credential and must claim nothing is left
 * without one; most changes (an article's) leave the claims as they were and write nothing here.
 */
export function* noteCredentialClaims(
  credentials: DocumentSteps<JournalistCredentialDocument>,
  profileId: number,
  claims: string | null,
): Steps<void> {
  const known = yield* step(credentials.first({ profileId }));
  if (known ? known.claims === claims : claims === null) return;
  // The address it is served at: that of the claims (nothing is served while the change is pending).
  const slug = claims === null ? null : (JSON.parse(claims) as CredentialClaims).slug;
  if (known) {
    yield* step(credentials.updateFirst({ profileId }, { claims, slug, change: newChange() }));
    return;
  }
  const fresh: JournalistCredentialDocument = {
    profileId,
    claims,
    change: newChange(),
    slug,
    issuedClaims: null,
    statusEntry: null,
    jwt: null,
    cose: null,
    etag: null,
    issuedAt: null,
    reissueAt: null,
  };
  // Two renders of a new credential at once (MongoDB): the second finds the first's document and updates it.
  yield* step(
    recoverStep(
      () => credentials.insert(fresh),
      (error) => {
        if (!(error instanceof UniqueTakenError)) throw error;
        return credentials.updateFirst({ profileId }, { claims, slug, change: fresh.change });
      },
    ),
  );
}
