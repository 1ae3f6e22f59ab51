import type { AnswersFollow } from './mongo-data-steps';
import type { Db, Filter } from 'mongodb';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { handleKey, rewrittenHandle } from '@byline/domain/social/social-handle';
import { isDuplicateKey } from './mongo-errors';
import { collectionOf, type ProfileDoc } from './mongo-schema';

/** Only profiles with a slash in some handle can hold an address (the rule is in the embedded twin's comment). */
const MAY_BE_ADDRESS = {
  $or: SOCIAL_TYPES.map((type) => ({ [`profile.profile_social_profiles.${type}`]: { $regex: '/' } })),
} as Filter<ProfileDoc>;

/**
 * Data migration: handles stored before the handle rules in another form than writes store now (the portal
 * kept profile addresses as typed, e.g. https://www.linkedin.com/in/NAME/) become that form (the username,
 * see normalizeHandle), and the profile's answers are re-rendered. The lookup key moves with the value where
 * the reduction changed (facebook.com/profile.php?id=ID was keyed "profile.php"), unless another profile holds
 * the new key: then the value stays as it was, as does any value the rules refuse. Each profile is finished
 * (new key claimed, old released, value and answers written) before the next, and a rerun redoes only what
 * is still an address, so an interrupted run is completed by the next start.
 */
export async function rewriteHandlesToNormalForm(db: Db, _now: Date, answersFollow: AnswersFollow): Promise<void> {
  const profiles = collectionOf(db, 'profiles');
  const handles = collectionOf(db, 'handles');
  const found = profiles.find(MAY_BE_ADDRESS, { projection: { 'profile.profile_social_profiles': 1 } });
  for await (const doc of found) {
    const set: Record<string, string> = {};
    for (const type of SOCIAL_TYPES) {
      const stored: unknown = doc.profile.profile_social_profiles?.[type];
      const normal = typeof stored === 'string' ? rewrittenHandle(type, stored) : null;
      if (normal === null) continue;
      const key = handleKey(type, normal);
      const holder = await handles.findOne({ social_type: type, handle_key: key });
      if (holder && holder.profile_id !== doc._id) continue;
      if (!holder) {
        try {
          await handles.insertOne({ social_type: type, handle_key: key, profile_id: doc._id });
        } catch (error) {
          if (isDuplicateKey(error)) continue; // claimed by another profile meanwhile: left as it was
          throw error;
        }
      }
      await handles.deleteMany({ profile_id: doc._id, social_type: type, handle_key: { $ne: key } });
      set[`profile.profile_social_profiles.${type}`] = normal;
    }
    if (Object.keys(set).length === 0) continue;
    await profiles.updateOne({ _id: doc._id }, { $set: set });
    await answersFollow([doc._id]);
  }
}
