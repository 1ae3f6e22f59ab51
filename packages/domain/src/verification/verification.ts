import { portWithRules } from '../store/port-with-rules';
import { decideSteps, requestSteps, returnToQueueSteps, withdrawSteps } from './verification-changes';
import type { Verification } from './verification-repository';
import type { VerificationRuledChanges, VerificationStore } from './verification-store';

/**
 * The Verification port over either database's store: each change runs its rule (verification-changes.ts) in one
 * write, at the time `clock` gives (the adapters never read the clock).
 */
export function verificationOver(store: VerificationStore, clock: () => Date = () => new Date()): Verification {
  const now = () => clock().toISOString();
  return portWithRules<Verification, VerificationRuledChanges>(store, {
    request: (profileId, requestedBy) => store.inOneWrite((unit) => requestSteps(unit, profileId, requestedBy, now())),
    decide: (decision) => store.inOneWrite((unit) => decideSteps(unit, decision, now())),
    returnToQueue: (record) => store.inOneWrite((unit) => returnToQueueSteps(unit, record, now())),
    withdraw: (profileId, actor) => store.inOneWrite((unit) => withdrawSteps(unit, profileId, actor, now())),
  });
}
