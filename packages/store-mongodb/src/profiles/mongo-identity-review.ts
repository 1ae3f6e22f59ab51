import type { Db, Filter, UpdateFilter } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { collectionOf, type ProfileDoc } from '../store/mongo-schema';
import { isDuplicateKey } from '../store/mongo-errors';
import { inTurn } from '../store/mongo-database';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { identityUnitOver } from '@byline/domain/profiles/identity-documents';
import { profileDocumentsOf } from './mongo-profiles-collection';

/** Matches the document only while its pending change is still the one read (or still absent). */
const whilePending = (change: PendingIdentityChange | null): Filter<ProfileDoc> =>
  change ? { 'pending_identity.requested_at': change.requested_at } : { pending_identity: { $exists: false } };

/**
 * The identity review's unit of write on MongoDB: each method one read or one single-document write, awaited in
 * turn (the order is identity-changes.ts's and slug-moves.ts's). Reads, former slugs and audit records are the
 * generic documents' (identityUnitOver); the writes inside the profile's `profile` (which the answers render) set
 * only their own fields, each conditional on the document as read.
 */
export function mongoIdentityUnit(db: Db): IdentityUnitOfWrite {
  const profiles = collectionOf(db, 'profiles');
  return identityUnitOver(profileDocumentsOf(inTurn(db)), {
    async writeSlug(profileId, from, to, event) {
      try {
        // The webhook event rides on the profile's own update (see mongo-carried-events.ts).
        const moved = await profiles.updateOne(
          { _id: profileId, slug: from },
          { $set: { slug: to, 'profile.profile_slug': to }, ...(event ? pushEvents([event]) : {}) },
        );
        return moved.matchedCount === 1 ? 'moved' : 'moved-since';
      } catch (error) {
        if (isDuplicateKey(error)) return 'taken';
        throw error;
      }
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
    answers: mongoAnswersUnit(db),
  });
}
