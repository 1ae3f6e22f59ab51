import type { DocumentSteps } from '../documents/documents';
import type { ClaimDocuments } from '../claims/claim-documents';
import type { ArticleDocuments } from '../articles/article-documents';
import type { FormerSlugDocument } from './profile-documents';
import { mapStep, type Step } from '../store/steps';
import type { UserDocument } from '../users/document-users';
import type { WebhookMessage } from '../webhooks/webhooks-repository';
import type { ProfileErasureUnit } from './erasure-unit';

/**
 * What an erasure reads and clears over the generic documents: the profile's slug, its former slugs, claims and their
 * proofs, its articles, the messages of the delivery logs it redacts, and the portal users it unlinks.
 */
export interface ErasureDocuments
  extends Pick<ClaimDocuments, 'claims' | 'evidence' | 'profiles'>, Pick<ArticleDocuments, 'articles'> {
  formerSlugs: DocumentSteps<FormerSlugDocument>;
  messages: DocumentSteps<WebhookMessage, Omit<WebhookMessage, 'id'>>;
  users: DocumentSteps<UserDocument, Omit<UserDocument, 'id'>>;
}

/**
 * What each database keeps of the erasure's unit by hand: the profile's lookups, the queue and
 * the delivery logs read by what their JSON names, the tables or collections that name the profile (each database's
 * list, held to its schema by the portal's erasure test), and the answers.
 */
export type StoredErasureUnit = Omit<
  ProfileErasureUnit,
  | 'slugOf'
  | 'formerSlugsOf'
  | 'claimIdsOf'
  | 'evidenceIdsOf'
  | 'articleIdsOf'
  | 'writeMessageBody'
  | 'deleteEvidence'
  | 'deleteClaims'
  | 'unlinkOwner'
  | 'unverify'
>;

const idsOf = (documents: { id: number }[]): number[] => documents.map((document) => document.id);
const done = (): Step<void> => undefined;

/**
 * The erasure's unit of write (see ProfileErasureUnit): its slugs, claims, proofs, articles, messages and users read and written once over the
 * documents' steps, in the unit the database holds (each write one statement or one updateMany/deleteMany, safe to
 * repeat); the rest is the database's own (StoredErasureUnit).
 */
export function erasureUnitOver(
  { profiles, formerSlugs, claims, evidence, articles, messages, users }: ErasureDocuments,
  stored: StoredErasureUnit,
): ProfileErasureUnit {
  return {
    ...stored,
    slugOf: (profileId) => mapStep(profiles.first({ id: profileId }), (profile) => profile?.slug ?? null),
    // Every record the profile left behind, its current slug's too (the erasure forgets each slug once).
    formerSlugsOf: (profileId) => mapStep(formerSlugs.all({ profileId }), (records) => records.map(({ slug }) => slug)),
    claimIdsOf: (profileId) => mapStep(claims.all({ profileId }), idsOf),
    articleIdsOf: (profileId) => mapStep(articles.all({ profileId }), idsOf),
    evidenceIdsOf: (claimIds) => mapStep(evidence.all({ claimId: { in: claimIds } }), idsOf),
    writeMessageBody: (messageId, body) => mapStep(messages.updateAll({ id: messageId }, { body }), done),
    deleteEvidence: (claimIds) => mapStep(evidence.deleteAll({ claimId: { in: claimIds } }), done),
    deleteClaims: (profileId) => mapStep(claims.deleteAll({ profileId }), done),
    unlinkOwner: (profileId) => mapStep(users.updateAll({ profileId }, { profileId: null }), done),
    // Only while the flag is on, so its event is written only then (SQLite's table writes the flag's copy with it).
    unverify: (profileId, event) =>
      mapStep(profiles.updateFirst({ id: profileId, verified: true }, { verified: false }, [event]), (before) => before !== null),
  };
}
