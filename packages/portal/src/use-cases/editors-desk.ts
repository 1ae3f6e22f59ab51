import type { Article, Profile } from '@byline/domain/domain/types';
import type { StoreRepositories } from '@byline/shared/store';
import type { AuditAction, AuditRecord } from '@byline/domain/audit/audit-repository';
import type { Claim } from '@byline/domain/proofs/claims';
import type { DirectoryPage, DirectoryState, Lookalike } from '@byline/domain/directory/directory-repository';

/** Where a page of rows sits among all of them. */
export interface Paging {
  page: number;
  pages: number;
  total: number;
}

const pagingOf = (page: number, total: number, size: number): Paging => ({
  page,
  pages: Math.max(1, Math.ceil(total / size)),
  total,
});

/** One page of the editors' directory. */
export async function searchDirectory(
  repositories: Pick<StoreRepositories, 'directory'>,
  { text, state, page }: { text: string; state: DirectoryState | ''; page: number },
  size: number,
): Promise<DirectoryPage & Paging> {
  const found = await repositories.directory.search({
    ...(text ? { text } : {}),
    ...(state ? { state } : {}),
    limit: size,
    offset: (page - 1) * size,
  });
  return { ...found, ...pagingOf(page, found.total, size) };
}

/** A log record with the profile it is about (null when that profile is gone). */
export interface LogEntry {
  record: AuditRecord;
  profile: { id: number; name: string; slug: string } | null;
}

/** One page of the editors' log, each record with its profile's name: one lookup per profile on the page. */
export async function editorsLog(
  repositories: Pick<StoreRepositories, 'audit' | 'profiles'>,
  { actor, action, page }: { actor: string; action: AuditAction | ''; page: number },
  size: number,
): Promise<{ entries: LogEntry[] } & Paging> {
  const { records, total } = await repositories.audit.log({
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    limit: size,
    offset: (page - 1) * size,
  });
  const ids = [...new Set(records.map((record) => record.profileId))];
  const profiles = new Map(await Promise.all(ids.map(async (id) => [id, await repositories.profiles.findById(id)] as const)));
  const entries = records.map((record) => {
    const profile = profiles.get(record.profileId);
    return {
      record,
      profile: profile
        ? {
            id: profile.id,
            name: `${profile.profile_first_name} ${profile.profile_last_name}`.trim(),
            slug: profile.profile_slug,
          }
        : null,
    };
  });
  return { entries, ...pagingOf(page, total, size) };
}

/** A profile as the side-by-side page shows it. */
export interface ComparedProfile {
  profile: Profile;
  claims: Claim[];
  articles: Article[];
}

export interface Comparison {
  left: ComparedProfile;
  right: ComparedProfile;
  /** Why the right looks like the left; null when the directory does not list it as a look-alike. */
  lookalike: Lookalike | null;
}

/** Two profiles side by side, with why they look alike; null when either is missing or they are the same. */
export async function compareProfiles(
  repositories: Pick<StoreRepositories, 'profiles' | 'claims' | 'articles' | 'directory'>,
  id: number,
  otherId: number,
): Promise<Comparison | null> {
  if (id === otherId) return null;
  const side = async (profileId: number): Promise<ComparedProfile | null> => {
    const profile = await repositories.profiles.findById(profileId);
    if (!profile) return null;
    const [claims, articles] = await Promise.all([
      repositories.claims.claimsOf(profileId),
      repositories.articles.list(profileId),
    ]);
    return { profile, claims, articles };
  };
  const [left, right, lookalikes] = await Promise.all([side(id), side(otherId), repositories.directory.lookalikesOf(id)]);
  if (!left || !right) return null;
  return { left, right, lookalike: lookalikes.find((l) => l.profileId === otherId) ?? null };
}
