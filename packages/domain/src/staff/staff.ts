import { portWithRules } from '../store/port-with-rules';
import { acceptInvitationSteps, closeAffiliationSteps } from './staff-changes';
import type { Staff } from './staff-repository';
import type { StaffRuledChanges, StaffStore } from './staff-store';

/** The Staff port over either database's store: each change runs its rule (staff-changes.ts) in one write. */
export function staffOver(store: StaffStore): Staff {
  return portWithRules<Staff, StaffRuledChanges>(store, {
    accept: (id, profileId, at) => store.inOneWrite((unit) => acceptInvitationSteps(unit, id, profileId, at.toISOString())),
    decline: (id, actor, at) =>
      store.inOneWrite((unit) =>
        closeAffiliationSteps(unit, id, ['invited'], { to: 'declined', actor, reason: null, at: at.toISOString() }),
      ),
    end: (id, actor, reason, at) =>
      store.inOneWrite((unit) =>
        closeAffiliationSteps(unit, id, ['invited', 'active'], { to: 'ended', actor, reason, at: at.toISOString() }),
      ),
  });
}
