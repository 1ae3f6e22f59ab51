import type { DocumentSteps, Where } from '../documents/documents';
import type { ClaimDocuments } from '../claims/claim-documents';
import type { ArticleDocuments } from '../articles/article-documents';
import type { FormerSlugDocument } from './profile-documents';
import { mapStep, step, stepOf, type Step, type Steps } from '../store/steps';
import type { UserDocument } from '../users/document-users';
import type { WebhookMessage } from '../webhooks/webhooks-repository';
import type { ProfileErasureUnit } from './erasure-unit';
import type { HandleDocument } from '../social/handle-fields';
import type { QueueItemDocument } from '../queue/queue-item-fields';
import { isAboutJournalist } from '../webhook-events/erased-journalist';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '../webhook-events/webhook-event';

/**
 * What an erasure reads and clears over the generic documents: the profile, its former slugs, claims and their proofs,
 * its articles, its handles' lookup entries, the queue's items, the messages of the delivery logs it redacts, and the
 * portal users it unlinks.
 */
export interface ErasureDocuments
  extends Pick<ClaimDocuments, 'claims' | 'evidence' | 'profiles'>, Pick<ArticleDocuments, 'articles'> {
  formerSlugs: DocumentSteps<FormerSlugDocument>;
  messages: DocumentSteps<WebhookMessage, Omit<WebhookMessage, 'id'>>;
  users: DocumentSteps<UserDocument, Omit<UserDocument, 'id'>>;
  handles: DocumentSteps<HandleDocument>;
  queue: DocumentSteps<QueueItemDocument>;
}

/**
 * What each database keeps of the erasure's unit by hand: relaying the events its documents carry (MongoDB's; nothing
 * on SQLite), the tables or collections that name the profile (each database's list, held to its schema by the
 * portal's erasure test), and the answers.
 */
export type StoredErasureUnit = Pick<ProfileErasureUnit, 'relayEventsOf' | 'deleteRecordsOf' | 'answers'>;

const idsOf = (documents: { id: number }[]): number[] => documents.map((document) => document.id);
const done = (): Step<void> => undefined;

/** JSON text naming `slug` (as JSON.stringify writes a payload): narrows a read that parses each found to be sure. */
const naming = (slug: string) => ({ contains: `"slug":${JSON.stringify(slug)}` });

/** Deletes the items of `topic` that `where` finds and whose parsed payload `dropped` picks (the payload is JSON text). */
function* dropItems<P>(
  queue: ErasureDocuments['queue'],
  topic: string,
  where: Where<QueueItemDocument>,
  dropped: (payload: P) => boolean,
): Steps<void> {
  const items = yield* step(queue.all({ ...where, topic }));
  const keys = items.filter((item) => dropped(JSON.parse(item.payload) as P)).map((item) => item.key);
  if (keys.length) yield* step(queue.deleteAll({ topic, key: { in: keys } }));
}

/**
 * The erasure's unit of write (see ProfileErasureUnit): the profile, its slugs, claims, proofs, articles, handles,
 * queued items, messages and users read and written once over the documents' steps, in the unit the database holds
 * (each write one statement or one updateMany/deleteMany, safe to repeat); the rest is the database's own
 * (StoredErasureUnit).
 */
export function erasureUnitOver(
  { profiles, formerSlugs, claims, evidence, articles, messages, users, handles, queue }: ErasureDocuments,
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
    deleteHandles: (profileId) => mapStep(handles.deleteAll({ profileId }), done),
    dropQueued: (topic, keys) => mapStep(queue.deleteAll({ topic, key: { in: keys } }), done),
    // Few items of a topic wait at once (a sign-in's proof attempts): read whole, the payloads parsed here.
    dropQueuedNaming: (topic, profileId) =>
      stepOf(dropItems<{ profileId?: number }>(queue, topic, {}, (payload) => payload.profileId === profileId)),
    dropQueuedEvents: (slug, types) =>
      stepOf(
        dropItems<WebhookEvent>(queue, WEBHOOK_EVENT_TOPIC, { payload: naming(slug) }, ({ payload }) => {
          return types.includes(payload.type) && payload.data.slug === slug;
        }),
      ),
    loggedMessagesAbout: (slug, types) =>
      mapStep(messages.all({ type: { in: types }, body: naming(slug) }), (found) =>
        found.filter(({ body }) => isAboutJournalist(body, slug)).map(({ id, type, state, body }) => ({ id, type, state, body })),
      ),
    // Late in the erasure (see eraseSteps): SQLite defers the owner's foreign key to the commit for it.
    deleteProfile: (profileId) => mapStep(profiles.deleteAll({ id: profileId }), done),
    // Only while the flag is on, so its event is written only then (SQLite's table writes the flag's copy with it).
    unverify: (profileId, event) =>
      mapStep(profiles.updateFirst({ id: profileId, verified: true }, { verified: false }, [event]), (before) => before !== null),
  };
}
