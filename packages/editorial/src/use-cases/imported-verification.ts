import type { ProfileInput } from '@byline/domain/domain/types';
import { MAX_AUDIT_LOG_PAGE, type DecisionAction } from '@byline/domain/audit/audit-repository';
import { type Profiles } from '@byline/domain/profiles/profiles-repository';
import type { StoreRepositories } from '@byline/shared/store';

/**
 * Who changed a profile's verification in its history when an import's record said otherwise than the stored flag
 * of a profile nobody decided on. Not a person's decision: a later import may change the flag again.
 */
export const IMPORT_ACTOR = 'import (command line)';

/** The decisions people make on a profile's verified flag: an editor in the portal, an operator on the command line. */
const PEOPLES_DECISIONS: readonly DecisionAction[] = ['verified', 'unverified', 'rejected'];

/**
 * The verified flag of every profile someone decided on (its verification history holds an editor's or an operator's
 * decision), by slug. An import (`byline import`, `byline demo`) keeps these as they are: a record's `verified`
 * says what the file's source thought, and a person's later decision, recorded with its reason, is not undone
 * silently by loading the same file again. Read once before the import: a decision made while it runs is a race the
 * operator started, and the decision's own record stays in the history either way.
 */
export async function decidedVerifications(
  repositories: Pick<StoreRepositories, 'audit' | 'profiles'>,
): Promise<Map<string, boolean>> {
  const decided = new Set<number>();
  for (const action of PEOPLES_DECISIONS) {
    for (let offset = 0; ; offset += MAX_AUDIT_LOG_PAGE) {
      const page = await repositories.audit.log({ action, limit: MAX_AUDIT_LOG_PAGE, offset });
      for (const record of page.records) if (record.actor !== IMPORT_ACTOR) decided.add(record.profileId);
      if (page.records.length < MAX_AUDIT_LOG_PAGE || offset + MAX_AUDIT_LOG_PAGE >= page.total) break;
    }
  }
  const flags = new Map<string, boolean>();
  for (const profileId of decided) {
    const profile = await repositories.profiles.findById(profileId);
    if (profile) flags.set(profile.profile_slug, profile.verified);
  }
  return flags;
}

/** What keepDecided changed: the slugs whose record said otherwise than the decision that stands. */
export interface KeptDecisions {
  slugs: string[];
}

/** The records, each with the verified flag a person decided (see decidedVerifications) instead of the file's. */
export async function* keepDecided(
  batches: AsyncIterable<ProfileInput[]>,
  decided: ReadonlyMap<string, boolean>,
  kept: KeptDecisions,
): AsyncIterable<ProfileInput[]> {
  for await (const batch of batches) {
    yield batch.map((record) => {
      const verified = decided.get(record.profile_slug);
      if (verified === undefined || verified === record.verified) return record;
      kept.slugs.push(record.profile_slug);
      return { ...record, verified };
    });
  }
}

/** A stored profile's verified flag that an import's record says otherwise about, to be changed once it has committed. */
export interface ImportedChange {
  profileId: number;
  slug: string;
  verified: boolean;
}

/**
 * The records, each existing profile's with its stored verified flag instead of the file's, the differences
 * collected in `changes` for applyImportedChanges: the import itself never changes a decision, so that each change
 * goes through the one path that records and announces it. One read per batch, so the import stays streaming.
 * Records of new profiles keep the file's flag (no decision about anyone yet); those of `decided` profiles are
 * keepDecided's.
 */
export async function* holdVerificationChanges(
  batches: AsyncIterable<ProfileInput[]>,
  profiles: Pick<Profiles, 'verifiedFlagsOf'>,
  decided: ReadonlyMap<string, boolean>,
  changes: ImportedChange[],
): AsyncIterable<ProfileInput[]> {
  for await (const batch of batches) {
    const stored = await profiles.verifiedFlagsOf(batch.map((record) => record.profile_slug));
    yield batch.map((record) => {
      const now = stored.get(record.profile_slug);
      if (!now || now.verified === record.verified || decided.has(record.profile_slug)) return record;
      changes.push({ profileId: now.profileId, slug: record.profile_slug, verified: record.verified });
      return { ...record, verified: now.verified };
    });
  }
}

/** The history's note of a change an import made: which file, and what its record says. */
export const importedChangeNote = (fileName: string, verified: boolean): string =>
  `byline import ${fileName}: the record says ${verified ? 'verified' : 'not verified'}`;

/**
 * After the import has committed, each change holdVerificationChanges held back, made as a decision (history entry,
 * webhook event, answers re-rendered). A crash half-way leaves the other profiles' old flags, which running the
 * import again changes. The slugs changed (a profile erased meanwhile is not).
 */
export async function applyImportedChanges(
  repositories: Pick<StoreRepositories, 'verification'>,
  changes: readonly ImportedChange[],
  fileName: string,
): Promise<string[]> {
  const changed: string[] = [];
  for (const { profileId, slug, verified } of changes) {
    const action = verified ? 'verified' : 'unverified';
    const note = importedChangeNote(fileName, verified);
    if (await repositories.verification.decide({ profileId, actor: IMPORT_ACTOR, action, note })) changed.push(slug);
  }
  return changed;
}

/** What an import does about verification (see importVerifications). */
export interface ImportVerifications {
  /** The file's checked batches, as the store is to write them. */
  records(batches: AsyncIterable<ProfileInput[]>): AsyncIterable<ProfileInput[]>;
  /** The profiles whose decision stood against the file's record (see keepDecided). */
  kept: KeptDecisions;
  /** Once the import has committed: makes the changes held back (see applyImportedChanges), the slugs changed. */
  applyChanges(fileName: string): Promise<string[]>;
}

/**
 * The rules of an import on verification, in order: a person's decision stands (keepDecided), and a change of an
 * existing profile's flag is made as a decision after the import (holdVerificationChanges, applyImportedChanges).
 */
export async function importVerifications(
  repositories: Pick<StoreRepositories, 'audit' | 'profiles' | 'verification'>,
): Promise<ImportVerifications> {
  const decided = await decidedVerifications(repositories);
  const kept: KeptDecisions = { slugs: [] };
  const changes: ImportedChange[] = [];
  return {
    records: (batches) => holdVerificationChanges(keepDecided(batches, decided, kept), repositories.profiles, decided, changes),
    kept,
    applyChanges: (fileName) => applyImportedChanges(repositories, changes, fileName),
  };
}
