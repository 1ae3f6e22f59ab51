import type { Db, Filter, UpdateFilter } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { collectionOf, type ProfileDoc } from '../store/mongo-schema';
import { insertAudit } from '../store/mongo-verification-records';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { mongoSlugsUnit } from './mongo-slugs';

/** Matches the document only while its pending change is still the one read (or still absent). */
const whilePending = (change: PendingIdentityChange | null): Filter<ProfileDoc> =>
  change ? { 'pending_identity.requested_at': change.requested_at } : { pending_identity: { $exists: false } };

export async function pendingIdentityOf(db: Db, profileId: number): Promise<PendingIdentityChange | null> {
  const doc = await collectionOf(db, 'profiles').findOne({ _id: profileId }, { projection: { pending_identity: 1 } });
  return doc?.pending_identity ?? null;
}

export async function pendingIdentityChanges(db: Db): Promise<{ profileId: number; change: PendingIdentityChange }[]> {
  const docs = await collectionOf(db, 'profiles')
    .find({ pending_identity: { $exists: true } }, { projection: { pending_identity: 1 } })
    .sort({ 'pending_identity.requested_at': 1, _id: 1 })
    .toArray();
  return docs.map((doc) => ({ profileId: doc._id, change: doc.pending_identity! }));
}

/**
 * The identity review's unit of write on MongoDB: each method one read or one single-document write, awaited in
 * turn (the order is identity-changes.ts's). The approved values live in the profile document's `profile`, which
 * the answers render, and the pending change beside them in `pending_identity`.
 */
export function mongoIdentityUnit(db: Db): IdentityUnitOfWrite {
  const profiles = collectionOf(db, 'profiles');
  return {
    ...mongoSlugsUnit(db),
    async identityOf(profileId) {
      const doc = await profiles.findOne({ _id: profileId });
      if (!doc) return null;
      return { slug: doc.slug, verified: doc.verified, approved: doc.profile, pending: doc.pending_identity ?? null };
    },
    async writeIdentity(profileId, values, pending, asRead) {
      const set: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(values)) set[`profile.${field}`] = value;
      if (pending) set.pending_identity = pending;
      const update: UpdateFilter<ProfileDoc> = pending ? {} : { $unset: { pending_identity: '' } };
      if (Object.keys(set).length > 0) update.$set = set;
      const verified = asRead.verified === undefined ? {} : { verified: asRead.verified };
      const written = await profiles.updateOne({ _id: profileId, ...verified, ...whilePending(asRead.pending) }, update);
      return written.matchedCount > 0;
    },
    appendAudit: ({ profileId, ...record }) => insertAudit(db, { profile_id: profileId, ...record }),
    answers: mongoAnswersUnit(db),
  };
}
