import { portWithRules } from '../store/port-with-rules';
import { decideIdentitySteps } from './identity-changes';
import { eraseSteps, withdrawFromLookupsSteps } from './profile-erasure';
import { saveProfileSteps } from './save-profile';
import type { ProfilePorts, ProfilesRuledChanges, ProfilesStore } from './profiles-store';

/**
 * The four profile ports over either database's store: a save runs its rule (save-profile.ts) in the store's save
 * write, an identity decision its rule (identity-changes.ts) in one write, an erasure its rules (profile-erasure.ts) in
 * the store's erasure write; each at the time `clock` gives, as is an import (the adapters never read the clock).
 */
export function profilesOver(store: ProfilesStore, clock: () => Date = () => new Date()): ProfilePorts {
  const now = () => clock().toISOString();
  return portWithRules<ProfilePorts, ProfilesRuledChanges>(store, {
    save: async (userId, fields, slugBase) => {
      const profileId = await store.inSaveWrite((unit) => saveProfileSteps(unit, userId, fields, slugBase, now()));
      return (await store.findById(profileId))!;
    },
    import: (records, onProgress) => store.importAt(records, now(), onProgress),
    importBatches: (batches, onProgress) => store.importBatchesAt(batches, now(), onProgress),
    decideIdentityChange: (decision) => store.inOneWrite((unit) => decideIdentitySteps(unit, decision, now())),
    withdrawFromLookups: (profileId) => store.inErasureWrite((unit) => withdrawFromLookupsSteps(unit, profileId)),
    erase: (profileId) => store.inErasureWrite((unit) => eraseSteps(unit, profileId)),
  });
}
