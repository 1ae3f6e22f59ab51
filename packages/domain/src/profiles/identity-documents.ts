import type { DocumentSteps } from '../documents/documents';
import type { AuditRecord } from '../audit/audit-repository';
import { mapStep } from '../store/steps';
import type { ApprovedIdentity } from './identity-review';
import type { IdentityUnitOfWrite } from './identity-unit';
import { slugsUnitOver, type SlugDocuments } from './slug-documents';

/** The profiles, their former slugs and their history, as steps of the unit of write they are in. */
export interface IdentityDocuments extends SlugDocuments {
  history: DocumentSteps<AuditRecord, Omit<AuditRecord, 'id'>>;
}

/**
 * What each database keeps of the identity review's unit by hand: the slug's move (StoredSlugsUnit), the write of
 * approved values inside the profile with its pending change, conditional on the change as read (on MongoDB the
 * values are set one by one inside the profile, so a concurrent write of its other fields is kept), and the answers.
 */
export type StoredIdentityUnit = Pick<IdentityUnitOfWrite, 'writeSlug' | 'writeIdentity' | 'answers'>;

/** The identity review's unit of write (see IdentityUnitOfWrite): reads, slugs and audit records written once over the documents' steps. */
export function identityUnitOver(documents: IdentityDocuments, stored: StoredIdentityUnit): IdentityUnitOfWrite {
  return {
    ...slugsUnitOver(documents, stored),
    writeIdentity: stored.writeIdentity,
    answers: stored.answers,
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
    appendAudit: ({ profileId, actor, action, note, at }) =>
      mapStep(documents.history.insert({ profileId, actor, action, note, at }), () => undefined),
  };
}
