import { step, type Steps } from '../store/steps';
import { journalistSlugChangedEvent } from '../webhook-events/webhook-event';
import type { SlugsUnit } from './identity-unit';

/*
 * Moving a profile's slug (the rules in profile-slugs.ts), written once for both databases (see database/steps.ts).
 * Order (MongoDB, where each is a separate write):
 * 1. the slug left behind is recorded as a former slug first (when it is to redirect): at every moment it is the
 *    profile's, current or former, so no one else is given it;
 * 2. one update of the profile moves it to the new slug; the unique index refuses a slug taken meanwhile (then the
 *    next free one is tried);
 * 3. a former slug of its own it took back is removed. Interrupted before 3, that slug is both current and
 *    former: slugReplacing ignores such a record, and the next move overwrites it.
 * On SQLite all of it is the caller's transaction. The caller re-renders the profile's answers.
 */

const MOVE_ATTEMPTS = 4;

/** The first of slugBase, slugBase-2, … that no profile but `profileId` (null: a new one) holds, now or as a former slug. */
export function* freeSlugSteps(unit: SlugsUnit, slugBase: string, profileId: number | null): Steps<string> {
  let slug = slugBase;
  for (let n = 2; yield* heldByOther(unit, slug, profileId); n++) slug = `${slugBase}-${n}`;
  return slug;
}

function* heldByOther(unit: SlugsUnit, slug: string, profileId: number | null): Steps<boolean> {
  const holder = (yield* step(unit.holder(slug))) ?? (yield* step(unit.formerHolder(slug)));
  return holder !== null && holder !== profileId;
}

/**
 * Moves the profile from its slug `current.slug` to the first free one from `slugBase` (see the order above). With
 * `keepFormer` the slug it leaves redirects, and a verified profile's subscribers, who know it by its slug, are told
 * by journalist.slug_changed in the same write as the move; a former slug of its own it takes back is one no more.
 */
export function* moveSlugSteps(
  unit: SlugsUnit,
  profileId: number,
  current: { slug: string; verified: boolean },
  slugBase: string,
  { keepFormer }: { keepFormer: boolean },
  at: string,
): Steps<void> {
  const from = current.slug;
  let to = yield* freeSlugSteps(unit, slugBase, profileId);
  if (to === from) return;
  if (keepFormer) yield* step(unit.keepFormer(from, profileId, at));
  for (let attempt = 1; ; attempt++) {
    const event = keepFormer && current.verified ? journalistSlugChangedEvent(to, from, new Date(at)) : null;
    const written = yield* step(unit.writeSlug(profileId, from, to, event));
    if (written === 'moved') yield* step(unit.dropFormer(to, profileId));
    if (written !== 'taken') return;
    if (attempt >= MOVE_ATTEMPTS) throw new Error(`profile ${profileId}: every free slug from ${slugBase} was taken meanwhile`);
    to = yield* freeSlugSteps(unit, slugBase, profileId);
    if (to === from) return;
  }
}
