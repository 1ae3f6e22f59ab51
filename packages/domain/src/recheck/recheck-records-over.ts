import { portWithRules } from '../store/port-with-rules';
import { recordCheckSteps } from './recheck-changes';
import type { RecheckRecords } from './recheck-records';
import type { RecheckRecordsStore } from './recheck-store';

/** The RecheckRecords port over either database's store: recording a check runs its rule (recheck-changes.ts). */
export function recheckRecordsOver(store: RecheckRecordsStore): RecheckRecords {
  return portWithRules<RecheckRecords, 'record'>(store, {
    record: (record) => store.inOneWrite((unit) => recordCheckSteps(unit, record)),
  });
}
