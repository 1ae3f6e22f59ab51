import type { DocumentSteps, Merge, Where } from '../documents/documents';
import type { AuditRecord } from '../audit/audit-repository';
import { mapStep } from '../store/steps';
import type { AnswersUnit } from '../answers/answers-unit';
import type { ApprovedIdentity } from './identity-review';
import type { IdentityUnitOfWrite } from './identity-unit';
import type { ProfileDocument } from './profile-documents';
import { slugsUnitOver, type SlugDocuments } from './slug-documents';

/** The profiles, their former slugs and their history, as steps of the unit of write they are in. */
export interface IdentityDocuments extends SlugDocuments {
  history: DocumentSteps<AuditRecord, Omit<AuditRecord, 'id'>>;
}

/** The identity review's unit of write (see IdentityUnitOfWrite), written once over the documents' steps; the answers are each database's. */
export function identityUnitOver(documents: IdentityDocuments, answers: AnswersUnit): IdentityUnitOfWrite {
  return {
    ...slugsUnitOver(documents),
    answers,
    identityOf: (profileId) =>
      mapStep(documents.profiles.first({ id: profileId }), (found) =>
        found
          ? {
              slug: found.slug,
              verified: found.verified,
              approved: found.profile as ApprovedIdentity,
              pending: found.pendingIdentity,
            }
          : null,
      ),
    // One write of the profile while its pending change (named by when it was requested) and, given, its verified
    // flag are as read: the approved values set one by one inside the profile, so a concurrent write of its other
    // fields is kept (on SQLite the write is inside the rule's transaction and the condition holds anyway).
    writeIdentity: (profileId, values, pending, asRead) => {
      const where: Where<ProfileDocument> = {
        id: profileId,
        pendingIdentity: asRead.pending ? { with: { requested_at: asRead.pending.requested_at } } : null,
        ...(asRead.verified === undefined ? {} : { verified: asRead.verified }),
      };
      const merge: Merge<ProfileDocument> = { profile: values };
      return mapStep(documents.profiles.updateAll(where, { pendingIdentity: pending }, merge), (matched) => matched > 0);
    },
    appendAudit: ({ profileId, actor, action, note, at }) =>
      mapStep(documents.history.insert({ profileId, actor, action, note, at }), () => undefined),
  };
}
