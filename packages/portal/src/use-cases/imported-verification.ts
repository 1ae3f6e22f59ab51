import type { ProfileInput } from '@byline/shared';
import { MAX_AUDIT_LOG_PAGE, type Backend, type DecisionAction } from '@byline/editorial';

/** The decisions people make on a profile's verified flag: an editor in the portal, an operator on the command line. */
const PEOPLES_DECISIONS: readonly DecisionAction[] = ['verified', 'unverified', 'rejected'];

/**
 * The verified flag of every profile someone decided on (its verification history holds an editor's or an operator's
 * decision), by slug. An import (`byline import`, `byline demo`) keeps these as they are: a record's `verified`
 * says what the file's source thought, and a person's later decision, recorded with its reason, is not undone
 * silently by loading the same file again. Read once before the import: a decision made while it runs is a race the
 * operator started, and the decision's own record stays in the history either way.
 */
export async function decidedVerifications(backend: Pick<Backend, 'audit' | 'profiles'>): Promise<Map<string, boolean>> {
  const decided = new Set<number>();
  for (const action of PEOPLES_DECISIONS) {
    for (let offset = 0; ; offset += MAX_AUDIT_LOG_PAGE) {
      const page = await backend.audit.log({ action, limit: MAX_AUDIT_LOG_PAGE, offset });
      for (const record of page.records) decided.add(record.profileId);
      if (page.records.length < MAX_AUDIT_LOG_PAGE || offset + MAX_AUDIT_LOG_PAGE >= page.total) break;
    }
  }
  const flags = new Map<string, boolean>();
  for (const profileId of decided) {
    const profile = await backend.profiles.findById(profileId);
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
