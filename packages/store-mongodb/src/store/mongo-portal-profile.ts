import type { Db } from 'mongodb';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { networkClaims } from '@byline/domain/proofs/claim-values';
import { refuseTakenHandles, writeClaims } from '@byline/domain/claims/set-claims';
import { runInTurn } from '@byline/domain/store/steps';
import { MongoClaimsUnit } from '../claims/mongo-claims-unit';
import { showProvenHandles } from '@byline/domain/claims/proven-handles';
import { normalizeSocialProfiles } from '@byline/domain/social/social-handle';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type PortalUserDoc } from './mongo-schema';
import { mongoIdentityUnit } from '../profiles/mongo-identity-review';
import { mongoSlugsUnit } from '../profiles/mongo-slugs';
import { followNameSteps, saveIdentitySteps } from '@byline/domain/profiles/identity-changes';
import { freeSlugSteps } from '@byline/domain/profiles/slug-moves';

/*
 * Saving a journalist's profile without a transaction, in single-document steps ordered so that an
 * interruption leaves a state the next save repairs:
 *
 * 1. Check every handle against the rules (InvalidSocialHandlesError); a handle another profile holds proven
 *    refuses the save (HandleTakenError) before anything is written. Unproven claims of others never block.
 * 2. A first save inserts the profile (unique slug) marked with its user, then links the user to it; a
 *    save interrupted in between finds the profile again by that mark. An unverified profile's slug then follows
 *    its name (see slug-moves.ts).
 * 3. The typed handles become claims (see writeClaims in src/claims): the ones no longer listed are released
 *    (a proven one leaves the lookup index first), new ones are claimed, which never conflicts.
 * 4. Write the profile's fields, its shown handles as they were (on a verified profile, a change of its reviewed
 *    identity fields is held as its pending change, see saveIdentitySteps); then show the handles of its proven
 *    claims only, telling a verified profile's proven changes by webhook (showProvenHandles), and re-render its
 *    answers.
 *
 * Residual risk: interrupted between 3 and 4, the profile's stored fields (and answers) lag its claims until
 * the next save; a handle released in 3 has already stopped finding it. A handle another profile proves between
 * 1 and 3 is only claimed here, unproven, as if typed after that proof.
 */

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as ProfileFields['profile_social_profiles'];

/** The user's profile id: linked, or created by an earlier save that stopped before linking it, or null. */
async function ownProfileId(db: Db, user: PortalUserDoc): Promise<number | null> {
  if (user.profile_id !== null) return user.profile_id;
  const made = await collectionOf(db, 'profiles').findOne({ portal_user_id: user._id }, { projection: { _id: 1 } });
  return made?._id ?? null;
}

async function insertProfile(db: Db, userId: number, fields: ProfileFields, slugBase: string, at: string): Promise<number> {
  const profiles = collectionOf(db, 'profiles');
  // A duplicate key (the slug taken meanwhile, or an id handed out twice) re-plans with a new slug and id.
  return withNewIds(db, COLLECTIONS.profiles, async () => {
    const slug = await runInTurn(freeSlugSteps(mongoSlugsUnit(db), slugBase, null));
    return {
      count: 1,
      write: async (id) => {
        await profiles.insertOne({
          _id: id,
          slug,
          verified: false,
          profile: {
            ...fields,
            profile_social_profiles: EMPTY_SOCIAL,
            profile_slug: slug,
            profile_created_at: at,
            follower_count: 0,
          },
          active_article_count: 0,
          portal_user_id: userId,
        });
        return id;
      },
    };
  });
}

/** Creates or updates the user's profile at `at` (see the comment at the top); returns its id. */
export async function saveProfile(db: Db, userId: number, given: ProfileFields, slugBase: string, at: string): Promise<number> {
  const fields = { ...given, profile_social_profiles: normalizeSocialProfiles(given.profile_social_profiles) };
  const users = collectionOf(db, 'portalUsers');
  const user = await users.findOne({ _id: userId });
  if (!user) throw new Error(`no portal user ${userId}`);
  let profileId = await ownProfileId(db, user);
  const wanted = networkClaims(fields.profile_social_profiles);
  const claims = new MongoClaimsUnit(db);
  await runInTurn(refuseTakenHandles(claims, profileId, wanted));

  profileId ??= await insertProfile(db, userId, fields, slugBase, at);
  if (user.profile_id !== profileId) await users.updateOne({ _id: userId }, { $set: { profile_id: profileId } });

  // An unverified profile's slug follows its name (see profile-slugs.ts); nothing redirects from the one it leaves.
  const identity = mongoIdentityUnit(db);
  await runInTurn(followNameSteps(identity, profileId, slugBase, at));

  await runInTurn(writeClaims(claims, profileId, wanted, at));
  await runInTurn(saveIdentitySteps(identity, profileId, user.email, fields, at));
  await runInTurn(showProvenHandles(claims, [profileId]));
  return profileId;
}
