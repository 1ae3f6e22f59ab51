import type { Db } from 'mongodb';
import { forgetRenderedInTurn, rerenderInTurn } from '../answers/mongo-answers-unit';
import { pushEvents, relayEventsOf } from '../webhook-events/mongo-outbox';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import { queueItemIdOf } from '../queue/mongo-leased-queue';
import { RECHECK_TOPIC } from '../recheck/recheck-records';
import { COLLECTIONS, collectionOf } from '../store/mongo/mongo-schema';

/**
 * Taking a profile out of MongoDB, as its owner asked: single-document writes (FerretDB has no transactions) in an
 * order that fails safe, said beside each.
 */

/*
 * The verified flag off first: both lookups read it, so from this one write on the profile answers nothing. Then
 * its handles leave the lookup index. Interrupted in between, the handles are still indexed to an unverified
 * profile, which answers nothing either.
 */
export async function withdrawFromLookups(db: Db, profileId: number): Promise<boolean> {
  const profiles = collectionOf(db, 'profiles');
  const profile = await profiles.findOne({ _id: profileId }, { projection: { slug: 1 } });
  if (!profile) return false;
  await forgetRenderedInTurn(db, [profileId]); // the outlets it worked for show it: out of service first
  // A verified profile leaving is unverified: its webhook event rides on the same update (see mongo-outbox.ts).
  const events = pushEvents([journalistVerificationEvent(profile.slug, false)]);
  await profiles.updateOne({ _id: profileId, verified: true }, { $set: { verified: false }, ...events });
  await collectionOf(db, 'handles').deleteMany({ profile_id: profileId });
  await rerenderInTurn(db, [profileId]); // the outlets it worked for stop showing it and its articles
  return true;
}

/*
 * After withdrawFromLookups: the re-check queue items, evidence and claims (so no checker works on them), the
 * articles, requests and history, then the profile document, and last the owner's link to it. The profile
 * document goes late so that an interrupted erasure is found again and finished by a retry (every step before it
 * is a deleteMany, harmless to repeat); the user's link goes after it, so that a retry still knows which profile.
 */
export async function erase(db: Db, profileId: number): Promise<boolean> {
  if (!(await withdrawFromLookups(db, profileId))) return false;
  const claims = await collectionOf(db, 'claims')
    .find({ profile_id: profileId }, { projection: { _id: 1 } })
    .toArray();
  const claimIds = claims.map((claim) => claim._id);
  const evidence = collectionOf(db, 'evidence');
  const evidenceIds = (await evidence.find({ claim_id: { $in: claimIds } }, { projection: { _id: 1 } }).toArray()).map(
    (doc) => doc._id,
  );
  await collectionOf(db, 'queueItems').deleteMany({
    _id: { $in: evidenceIds.map((id) => queueItemIdOf(RECHECK_TOPIC, String(id))) },
  });
  await evidence.deleteMany({ claim_id: { $in: claimIds } });
  await collectionOf(db, 'claims').deleteMany({ profile_id: profileId });
  // Events the articles and the profile still carry go onto the queue before their documents do.
  await relayEventsOf(db, COLLECTIONS.articles, { profile_id: profileId });
  await relayEventsOf(db, COLLECTIONS.profiles, { _id: profileId });
  await collectionOf(db, 'articles').deleteMany({ profile_id: profileId });
  await collectionOf(db, 'verificationRequests').deleteMany({ profile_id: profileId });
  await collectionOf(db, 'audit').deleteMany({ profile_id: profileId });
  await collectionOf(db, 'publisherStaff').deleteMany({ profile_id: profileId });
  await collectionOf(db, 'formerSlugs').deleteMany({ profile_id: profileId }); // their addresses are free again
  await collectionOf(db, 'profiles').deleteOne({ _id: profileId });
  await collectionOf(db, 'portalUsers').updateMany({ profile_id: profileId }, { $set: { profile_id: null } });
  return true;
}
