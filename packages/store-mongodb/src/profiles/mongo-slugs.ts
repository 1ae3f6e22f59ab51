import type { Db } from 'mongodb';
import { collectionOf } from '../store/mongo-schema';
import { isDuplicateKey } from '../store/mongo-errors';
import type { SlugsUnit } from '@byline/domain/profiles/identity-unit';
import { pushEvents } from '../webhook-events/mongo-carried-events';

/*
 * A profile's slug in MongoDB: the profile document's `slug` (unique index) and `profile.profile_slug`, and the
 * former_slugs collection (the slug is its _id). The order of the writes that move a slug is slug-moves.ts's.
 */

/** The slugs' unit of write on MongoDB: each method one read or one single-document write, awaited in turn. */
export function mongoSlugsUnit(db: Db): SlugsUnit {
  const profiles = collectionOf(db, 'profiles');
  const former = collectionOf(db, 'formerSlugs');
  return {
    holder: async (slug) => (await profiles.findOne({ slug }, { projection: { _id: 1 } }))?._id ?? null,
    formerHolder: async (slug) => (await former.findOne({ _id: slug }, { projection: { profile_id: 1 } }))?.profile_id ?? null,
    async keepFormer(slug, profileId, at) {
      await former.updateOne({ _id: slug }, { $set: { profile_id: profileId, left_at: at } }, { upsert: true });
    },
    async dropFormer(slug, profileId) {
      await former.deleteOne({ _id: slug, profile_id: profileId });
    },
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
  };
}

/** The profile's slug now when `slug` is one of its former ones and no profile holds it now, else null. */
export async function slugReplacing(db: Db, slug: string): Promise<string | null> {
  const record = await collectionOf(db, 'formerSlugs').findOne({ _id: slug });
  if (!record) return null;
  const profiles = collectionOf(db, 'profiles');
  // A profile that holds it now (its own, taken back; or one an operator imported under it) is shown, not redirected.
  if (await profiles.findOne({ slug }, { projection: { _id: 1 } })) return null;
  const profile = await profiles.findOne({ _id: record.profile_id }, { projection: { slug: 1 } });
  return profile?.slug ?? null;
}

/** The profile's former slugs, oldest first (a record left behind for its current slug is not one). */
export async function formerSlugsOf(db: Db, profileId: number): Promise<string[]> {
  const profile = await collectionOf(db, 'profiles').findOne({ _id: profileId }, { projection: { slug: 1 } });
  const records = await collectionOf(db, 'formerSlugs').find({ profile_id: profileId }).sort({ left_at: 1, _id: 1 }).toArray();
  return records.map((record) => record._id).filter((slug) => slug !== profile?.slug);
}
