/**
 * A profile's public address (its slug) and the addresses it had before. The rules, for both stores:
 * - the slug comes from the name (the caller's slugBase), made unique with -2, -3, …;
 * - until the profile is verified, each save makes it follow the name again (a typo is not public forever) —
 *   nothing redirects from the address it leaves, which no one was told was settled;
 * - once verified, it changes only with an approved identity change of the name, and the address it leaves
 *   becomes a former slug of the profile that redirects (301) to the new one;
 * - a former slug redirects for as long as the profile exists and is given to no one else meanwhile (links and
 *   badges already published keep working); it goes with the profile when the profile is erased. Taking back a
 *   former slug of one's own (a name changed back) makes it current again.
 */

/** Whether `slug` is the one `slugBase` gives, or a numbered variant of it (`base-2`, `base-3`, …). */
export function slugFitsBase(slug: string, slugBase: string): boolean {
  if (slug === slugBase) return true;
  if (!slug.startsWith(`${slugBase}-`)) return false;
  return /^[2-9]\d*$|^[1-9]\d+$/.test(slug.slice(slugBase.length + 1));
}

/** Whether a save moves the profile to a new slug: unverified, and its slug no longer fits its name. */
export function slugFollowsName(current: { slug: string; verified: boolean }, slugBase: string): boolean {
  return !current.verified && !slugFitsBase(current.slug, slugBase);
}

/** The names an approved identity change leaves the profile with, for the slug it then follows. */
export function namesAfterChange(
  approved: { profile_first_name?: string; profile_last_name?: string },
  change: { profile_first_name?: string; profile_last_name?: string },
): { first: string; last: string } {
  return {
    first: change.profile_first_name ?? approved.profile_first_name ?? '',
    last: change.profile_last_name ?? approved.profile_last_name ?? '',
  };
}
