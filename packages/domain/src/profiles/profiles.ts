import { portWithRules } from '../store/port-with-rules';
import { decideIdentitySteps } from './identity-changes';
import { eraseSteps, withdrawFromLookupsSteps } from './profile-erasure';
import type { ProfilePorts, ProfilesRuledChanges, ProfilesStore } from './profiles-store';

/**
 * The four profile ports over either database's store: an identity decision runs its rule (identity-changes.ts) in one
 * write, an erasure its rules (profile-erasure.ts) in the store's erasure write, and it, an import and a save happen
 * at the time `clock` gives (the adapters never read the clock).
 */
export function profilesOver(store: ProfilesStore, clock: () => Date = () => new Date()): ProfilePorts {
  const now = () => clock().toISOString();
  return portWithRules<ProfilePorts, ProfilesRuledChanges>(store, {
    save: (userId, fields, slugBase) => store.saveAt(userId, fields, slugBase, now()),
    import: (records, onProgress) => store.importAt(records, now(), onProgress),
    importBatches: (batches, onProgress) => store.importBatchesAt(batches, now(), onProgress),
    decideIdentityChange: (decision) => store.inOneWrite((unit) => decideIdentitySteps(unit, decision, now())),
    withdrawFromLookups: (profileId) => store.inErasureWrite((unit) => withdrawFromLookupsSteps(unit, profileId)),
    erase: (profileId) => store.inErasureWrite((unit) => eraseSteps(unit, profileId)),
  });
}
