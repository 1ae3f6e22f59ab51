import type { Documents, DocumentSteps } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import { mapStep, type Steps } from '../store/steps';
import type { VerificationRequest } from './verification-repository';
import type { VerificationStore } from './verification-store';
import type { VerificationUnitOfWrite } from './verification-unit';
import type { ProfileDocument } from '../profiles/profile-documents';
import {
  asRequest,
  pendingRequestOver,
  profileStateOver,
  writeVerifiedOver,
  type ClosingAuditDocument,
  type RequestDocument,
  type RequestSteps,
  type StoredVerification,
} from './verification-documents';

type Requests = Documents<RequestDocument, Omit<RequestDocument, 'id'>>;
type Audit = Documents<ClosingAuditDocument, Omit<ClosingAuditDocument, 'id'>>;

/**
 * The editors' queue written once over the generic document port: requests opened once per profile, closed once,
 * the audit records that go with them, and the profile's state and pending request read (the rules themselves are
 * verification-changes.ts's), and the profile's flag written. The answers' part is the database's own
 * (StoredVerification), in the same unit of write.
 */
export class DocumentVerification implements VerificationStore {
  constructor(
    private readonly requests: Requests,
    private readonly audit: Audit,
    private readonly profiles: Documents<ProfileDocument>,
    private readonly stored: StoredVerification,
  ) {}

  inOneWrite<T>(steps: (unit: VerificationUnitOfWrite) => Steps<T>): Promise<T> {
    return this.stored.inOneWrite((stored) =>
      steps({
        ...stored,
        ...queueUnit(this.requests.steps, this.audit.steps),
        profile: profileStateOver(this.profiles.steps),
        writeVerified: writeVerifiedOver(this.profiles.steps),
      }),
    );
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.requests.first({ profileId, status: 'pending' }).then((found) => found && asRequest(found));
  }

  /** Oldest first. */
  async pending(): Promise<VerificationRequest[]> {
    const pending = await this.requests.all({ status: 'pending' });
    return pending
      .sort((a, b) => (a.requestedAt < b.requestedAt ? -1 : a.requestedAt > b.requestedAt ? 1 : a.id - b.id))
      .map(asRequest);
  }
}

/** The queue's own part of its unit of write: requests and audit records, one document write each. */
function queueUnit(
  requests: RequestSteps,
  audit: DocumentSteps<ClosingAuditDocument, Omit<ClosingAuditDocument, 'id'>>,
): Pick<VerificationUnitOfWrite, 'pendingRequest' | 'openRequest' | 'closeRequest' | 'appendAudit'> {
  return {
    pendingRequest: pendingRequestOver(requests),
    openRequest: openRequestOver(requests),
    // No longer pending, the request no longer holds the profile's place in MongoDB's unique index.
    closeRequest: (request, status) =>
      mapStep(requests.updateFirst({ id: request.id, status: 'pending' }, { status, openFor: -request.id }), Boolean),
    appendAudit: ({ profileId, actor, action, note, at }, closing) =>
      unlessTaken(
        () => mapStep(audit.insert({ profileId, actor, action, note, at, closing: closing ?? null }), () => true),
        () => false,
      ),
  };
}

/**
 * Opens the profile's request unless one is pending (then that one), over the requests' documents: of concurrent
 * openers the store's unique pending index lets one open it.
 */
export function openRequestOver(requests: RequestSteps): VerificationUnitOfWrite['openRequest'] {
  const pendingRequest = pendingRequestOver(requests);
  const openRequest: VerificationUnitOfWrite['openRequest'] = (profileId, requestedBy, at) =>
    mapStep(pendingRequest(profileId), (pending) => {
      if (pending) return { request: pending, opened: false };
      const open = { profileId, requestedBy, requestedAt: at, status: 'pending' as const, openFor: profileId };
      const insert = () => mapStep(requests.insert(open), (opened) => ({ request: asRequest(opened), opened: true }));
      // Refused: another opened one meanwhile, found on the next try (or, closed again since, this one opens).
      return unlessTaken(insert, () => openRequest(profileId, requestedBy, at));
    });
  return openRequest;
}
