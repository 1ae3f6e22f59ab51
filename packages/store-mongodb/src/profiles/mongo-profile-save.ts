import type { Db } from 'mongodb';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { runInTurn } from '@byline/domain/store/steps';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import { saveUnitOver } from '@byline/domain/profiles/save-profile-documents';
import { freeSlugSteps } from '@byline/domain/profiles/slug-moves';
import { mongoClaimsUnit } from '../claims/mongo-claims-unit';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn } from '../store/mongo-database';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import { USERS_COLLECTION } from '../users/mongo-users-collection';
import { mongoIdentityUnit } from './mongo-identity-review';

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as ProfileFields['profile_social_profiles'];

/** A save's unit of write on MongoDB (save-profile.ts): each method one read or one single-document write. */
export function mongoProfileSaveUnit(db: Db): ProfileSaveUnit {
  const profiles = collectionOf(db, 'profiles');
  const identity = mongoIdentityUnit(db);
  return saveUnitOver(new MongoDocuments(inTurn(db), USERS_COLLECTION).steps, {
    async unlinkedProfileOf(userId) {
      return (await profiles.findOne({ portal_user_id: userId }, { projection: { _id: 1 } }))?._id ?? null;
    },
    insertProfile(userId, fields, slugBase, at) {
      // A duplicate key (the slug taken meanwhile, or an id handed out twice) re-plans with a new slug and id.
      return withNewIds(db, COLLECTIONS.profiles, async () => {
        const slug = await runInTurn(freeSlugSteps(identity, slugBase, null));
        return {
          count: 1,
          write: async (id) => {
            const profile = {
              ...fields,
              profile_social_profiles: EMPTY_SOCIAL,
              profile_slug: slug,
              profile_created_at: at,
              follower_count: 0,
            };
            await profiles.insertOne({
              _id: id,
              slug,
              verified: false,
              profile,
              active_article_count: 0,
              portal_user_id: userId,
            });
            return id;
          },
        };
      });
    },
    identity,
    claims: mongoClaimsUnit(db),
  });
}
