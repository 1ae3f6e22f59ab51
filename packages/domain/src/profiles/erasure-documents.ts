import type { DocumentSteps } from '../documents/documents';
import type { ClaimDocuments } from '../claims/claim-documents';
import { mapStep, type Step } from '../store/steps';
import type { UserDocument } from '../users/document-users';
import type { WebhookMessage } from '../webhooks/webhooks-repository';
import type { ProfileErasureUnit } from './erasure-unit';

/**
 * What an erasure reads and clears over the generic documents: the profile's slug, its claims and their proofs, the
 * messages of the delivery logs it redacts, and the portal users it unlinks.
 */
export interface ErasureDocuments extends Pick<ClaimDocuments, 'claims' | 'evidence' | 'profiles'> {
  messages: DocumentSteps<WebhookMessage, Omit<WebhookMessage, 'id'>>;
  users: DocumentSteps<UserDocument, Omit<UserDocument, 'id'>>;
}

/**
 * What each database keeps of the erasure's unit by hand: the profile's own document and its lookups, the queue and
 * the delivery logs read by what their JSON names, the tables or collections that name the profile (each database's
 * list, held to its schema by the portal's erasure test), and the answers.
 */
export type StoredErasureUnit = Omit<
  ProfileErasureUnit,
  'slugOf' | 'claimIdsOf' | 'evidenceIdsOf' | 'writeMessageBody' | 'deleteEvidence' | 'deleteClaims' | 'unlinkOwner'
>;

const idsOf = (documents: { id: number }[]): number[] => documents.map((document) => document.id);
const done = (): Step<void> => undefined;

/**
 * The erasure's unit of write (see ProfileErasureUnit): its claims, proofs, messages and users written once over the
 * documents' steps, in the unit the database holds (each write one statement or one updateMany/deleteMany, safe to
 * repeat); the rest is the database's own (StoredErasureUnit).
 */
export function erasureUnitOver(
  { profiles, claims, evidence, messages, users }: ErasureDocuments,
  stored: StoredErasureUnit,
): ProfileErasureUnit {
  return {
    ...stored,
    slugOf: (profileId) => mapStep(profiles.first({ id: profileId }), (profile) => profile?.slug ?? null),
    claimIdsOf: (profileId) => mapStep(claims.all({ profileId }), idsOf),
    evidenceIdsOf: (claimIds) => mapStep(evidence.all({ claimId: { in: claimIds } }), idsOf),
    writeMessageBody: (messageId, body) => mapStep(messages.updateAll({ id: messageId }, { body }), done),
    deleteEvidence: (claimIds) => mapStep(evidence.deleteAll({ claimId: { in: claimIds } }), done),
    deleteClaims: (profileId) => mapStep(claims.deleteAll({ profileId }), done),
    unlinkOwner: (profileId) => mapStep(users.updateAll({ profileId }, { profileId: null }), done),
  };
}
