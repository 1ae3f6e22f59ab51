import type { Db } from 'mongodb';
import { collectionOf } from '../store/mongo/mongo-schema';
import { isDuplicateKey } from '../store/mongo/mongo-errors';
import { firstFreeSlug } from './profile-slugs';
import { pushEvents } from '../webhook-events/mongo-outbox';
import { journalistSlugChangedEvent } from '../webhook-events/webhook-event';

/*
 * A profile's slug in MongoDB: the profile document's `slug` (unique index) and `profile.profile_slug`, and the
 * former_slugs collection (the slug is its _id). No transactions, so single-document writes in this order:
 * 1. the slug left behind is recorded as a former slug first (when it is to redirect): at every moment it is the
 *    profile's, current or former, so no one else is given it;
 * 2. one update of the profile document moves it to the new slug; the unique index refuses a slug taken meanwhile
 *    (then the next free one is tried);
 * 3. a former slug of its own it took back is removed. Interrupted before 3, that slug is both current and
 *    former: slugReplacing ignores such a record, and the next move overwrites it.
 */

const MOVE_ATTEMPTS = 4;

/** The first slug from slugBase that no profile but `profileId` (null: a new one) holds, now or as a former slug. */
export function freeSlug(db: Db, slugBase: string, profileId: number | null): Promise<string> {
  const profiles = collectionOf(db, 'profiles');
  const former = collectionOf(db, 'formerSlugs');
  return firstFreeSlug(slugBase, async (slug) => {
    const holder =
      (await profiles.findOne({ slug }, { projection: { _id: 1 } }))?._id ??
      (await former.findOne({ _id: slug }, { projection: { profile_id: 1 } }))?.profile_id;
    return holder !== undefined && holder !== profileId;
  });
}

/** Moves the profile from `from` to a free slug from `slugBase` (see the order above); the caller re-renders. */
export async function moveSlug(
  db: Db,
  profileId: number,
  from: string,
  slugBase: string,
  { keepFormer }: { keepFormer: boolean },
): Promise<void> {
  const verified = (await collectionOf(db, 'profiles').findOne({ _id: profileId }, { projection: { verified: 1 } }))?.verified;
  const former = collectionOf(db, 'formerSlugs');
  if (keepFormer) {
    const left = { profile_id: profileId, left_at: new Date().toISOString() };
    await former.updateOne({ _id: from }, { $set: left }, { upsert: true });
  }
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(db, slugBase, profileId);
    if (slug === from) return;
    try {
      // Subscribers know a verified profile by its slug: told of the move on the same update (see mongo-outbox.ts).
      const told = keepFormer && verified ? pushEvents([journalistSlugChangedEvent(slug, from)]) : {};
      const moved = await collectionOf(db, 'profiles').updateOne(
        { _id: profileId, slug: from },
        { $set: { slug, 'profile.profile_slug': slug }, ...told },
      );
      if (moved.matchedCount === 1) await former.deleteOne({ _id: slug, profile_id: profileId });
      return;
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= MOVE_ATTEMPTS) throw error;
    }
  }
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
