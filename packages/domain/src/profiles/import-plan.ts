import { SOCIAL_TYPES, type ProfileInput, type SocialType } from '../domain/types';
import { handleKey } from '../social/social-handle';
import { ImportConflictError, type ImportProblem } from './profiles-repository';

/** A handle a record claims, in the lookup index's form (`key`) and as the record spells it (`value`). */
export interface PlannedClaim {
  type: SocialType;
  key: string;
  value: string;
}

/** The handles an import decided before writing: each slug's, and the record that claimed each handle first. */
export interface PlannedHandles {
  claimsBySlug: Map<string, PlannedClaim[]>;
  claimRecord: Map<string, number>;
}

/** One handle's identity in the maps of a plan: network and key. */
export const handleId = (type: string, key: string): string => `${type}\u0000${key}`;

/** Why a record's claim of a handle is refused: another profile holds it. */
export const heldByAnother = (index: number, type: SocialType, value: string): ImportProblem => ({
  index,
  reason: `${type} handle "${value}" is already held by another profile`,
});

/** Every handle the records claim, per network, in the lookup index's form: what the plan reads the holders of. */
export function claimedHandleKeys(records: ProfileInput[]): Map<SocialType, Set<string>> {
  const wanted = new Map<SocialType, Set<string>>(SOCIAL_TYPES.map((type) => [type, new Set()]));
  for (const record of records) {
    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (value) wanted.get(type)!.add(handleKey(type, value));
    }
  }
  return wanted;
}

/**
 * "A social handle may belong to one profile only", decided for a whole import before anything is written (a store
 * without transactions), with the rules ImportRun applies as it writes: a profile being imported releases its old
 * handles first (`importedIds`: the stored profiles the file imports), and the first record to claim a handle
 * wins. `holders`: the profile holding each claimed handle (handleId) before the import. Any claim of a handle held
 * by a profile the file does not import, or claimed earlier in the file by another slug, fails the whole import
 * with ImportConflictError. Each slug's claims are the union over its records.
 */
export function planHandles(records: ProfileInput[], holders: Map<string, number>, importedIds: Set<number>): PlannedHandles {
  const problems: ImportProblem[] = [];
  const claimsBySlug = new Map<string, PlannedClaim[]>();
  const claimedBy = new Map<string, string>();
  const claimRecord = new Map<string, number>();
  records.forEach((record, index) => {
    const slug = record.profile_slug;
    for (const type of SOCIAL_TYPES) {
      const value = record.profile_social_profiles[type];
      if (!value) continue;
      const key = handleKey(type, value);
      const id = handleId(type, key);
      const holder = holders.get(id);
      const claimant = claimedBy.get(id);
      if ((holder !== undefined && !importedIds.has(holder)) || (claimant !== undefined && claimant !== slug)) {
        problems.push(heldByAnother(index, type, value));
        continue;
      }
      if (claimant === undefined) {
        claimedBy.set(id, slug);
        claimRecord.set(id, index);
        const claims = claimsBySlug.get(slug) ?? [];
        claims.push({ type, key, value });
        claimsBySlug.set(slug, claims);
      }
    }
  });
  if (problems.length) throw new ImportConflictError(problems);
  return { claimsBySlug, claimRecord };
}
