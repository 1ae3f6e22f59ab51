import type { Db } from 'mongodb';
import { SOCIAL_TYPES, type SocialType } from '../../domain/types';
import { handleKey, normalizeSocialProfiles } from '../../social/social-handle';
import type { ProfileFields } from '../portal-store';
import { HandleTakenError } from '../portal-store';
import { isDuplicateKey } from './mongo-errors';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type PortalUserDoc } from './mongo-schema';
import { refreshDerivedFields } from './profile-derived-fields';

/*
 * Saving a journalist's profile without a transaction, in single-document steps ordered so that an
 * interruption leaves a state the next save repairs:
 *
 * 1. Check every handle against the rules (InvalidSocialHandlesError) and the unique (network, handle)
 *    index; one held by another profile refuses the save (HandleTakenError) before anything is written.
 * 2. A first save inserts the profile (unique slug) marked with its user, then links the user to it; a
 *    save interrupted in between finds the profile again by that mark.
 * 3. Claim the new handles. The unique index refuses a handle claimed by someone else since step 1: the
 *    claims this save made are withdrawn and HandleTakenError names the networks.
 * 4. Release the handles the profile no longer lists, then write the profile's fields.
 *
 * Residual risk: interrupted between 3 and 4, a profile is also found by the handles it is giving up
 * (until the next save), or its stored fields lag the handles it holds. A first save that loses a handle
 * race (3) leaves the new profile in place, with no handles and its fields unsaved; saving again fixes it.
 */

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as ProfileFields['profile_social_profiles'];

interface Claim {
  type: SocialType;
  key: string;
}

function claimsOf(fields: ProfileFields): Claim[] {
  return SOCIAL_TYPES.flatMap((type) => {
    const value = fields.profile_social_profiles[type];
    return value ? [{ type, key: handleKey(type, value) }] : [];
  });
}

async function heldElsewhere(db: Db, claims: Claim[], ownProfileId: number | null): Promise<SocialType[]> {
  const handles = collectionOf(db, 'handles');
  const taken: SocialType[] = [];
  for (const { type, key } of claims) {
    const holder = await handles.findOne({ social_type: type, handle_key: key });
    if (holder && holder.profile_id !== ownProfileId) taken.push(type);
  }
  return taken;
}

/** The first free slug among slugBase, slugBase-2, slugBase-3, … */
async function freeSlug(db: Db, slugBase: string): Promise<string> {
  const profiles = collectionOf(db, 'profiles');
  let slug = slugBase;
  for (let n = 2; (await profiles.countDocuments({ slug }, { limit: 1 })) > 0; n++) slug = `${slugBase}-${n}`;
  return slug;
}

/** The user's profile id: linked, or created by an earlier save that stopped before linking it, or null. */
async function ownProfileId(db: Db, user: PortalUserDoc): Promise<number | null> {
  if (user.profile_id !== null) return user.profile_id;
  const made = await collectionOf(db, 'profiles').findOne({ portal_user_id: user._id }, { projection: { _id: 1 } });
  return made?._id ?? null;
}

async function insertProfile(db: Db, userId: number, fields: ProfileFields, slugBase: string): Promise<number> {
  const profiles = collectionOf(db, 'profiles');
  // A duplicate key (the slug taken meanwhile, or an id handed out twice) re-plans with a new slug and id.
  return withNewIds(db, COLLECTIONS.profiles, async () => {
    const slug = await freeSlug(db, slugBase);
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
            profile_created_at: new Date().toISOString(),
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

/** Claims the handles the profile does not hold yet; all or none (a refused claim withdraws the others). */
async function claimHandles(db: Db, profileId: number, claims: Claim[]): Promise<void> {
  const handles = collectionOf(db, 'handles');
  const claimed: Claim[] = [];
  const refused: SocialType[] = [];
  for (const claim of claims) {
    const filter = { social_type: claim.type, handle_key: claim.key };
    if (await handles.findOne({ ...filter, profile_id: profileId })) continue;
    try {
      await handles.insertOne({ ...filter, profile_id: profileId });
      claimed.push(claim);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      refused.push(claim.type);
    }
  }
  if (refused.length === 0) return;
  for (const { type, key } of claimed) {
    await handles.deleteOne({ social_type: type, handle_key: key, profile_id: profileId });
  }
  throw new HandleTakenError(refused);
}

async function releaseOtherHandles(db: Db, profileId: number, keep: Claim[]): Promise<void> {
  const handles = collectionOf(db, 'handles');
  const kept = new Set(keep.map(({ type, key }) => `${type}\u0000${key}`));
  for (const held of await handles.find({ profile_id: profileId }).toArray()) {
    if (!kept.has(`${held.social_type}\u0000${held.handle_key}`)) {
      await handles.deleteOne({ social_type: held.social_type, handle_key: held.handle_key, profile_id: profileId });
    }
  }
}

/** Creates or updates the user's profile (see the comment at the top); returns its id. */
export async function saveProfile(db: Db, userId: number, given: ProfileFields, slugBase: string): Promise<number> {
  const fields = { ...given, profile_social_profiles: normalizeSocialProfiles(given.profile_social_profiles) };
  const users = collectionOf(db, 'portalUsers');
  const user = await users.findOne({ _id: userId });
  if (!user) throw new Error(`no portal user ${userId}`);
  let profileId = await ownProfileId(db, user);
  const claims = claimsOf(fields);
  const taken = await heldElsewhere(db, claims, profileId);
  if (taken.length) throw new HandleTakenError(taken);

  profileId ??= await insertProfile(db, userId, fields, slugBase);
  if (user.profile_id !== profileId) await users.updateOne({ _id: userId }, { $set: { profile_id: profileId } });

  await claimHandles(db, profileId, claims);
  await releaseOtherHandles(db, profileId, claims);
  const profiles = collectionOf(db, 'profiles');
  const current = await profiles.findOne({ _id: profileId });
  if (!current) throw new Error(`profile ${profileId} of portal user ${userId} is missing`);
  await profiles.updateOne({ _id: profileId }, { $set: { profile: { ...current.profile, ...fields } } });
  await refreshDerivedFields(db, [profileId]);
  return profileId;
}
