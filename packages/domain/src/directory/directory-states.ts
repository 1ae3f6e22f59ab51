import { ASKED_ACTIONS, DECISION_ACTIONS, ONCE_VERIFIED_ACTIONS, type DirectoryState } from './directory-repository';
import type { StateFacts, StateRecords } from './stored-directory';

/** The records the facts are (see DIRECTORY_STATES): an open request is a pending one. */
export const STATE_RECORDS: StateRecords = {
  openRequestStatus: 'pending',
  onceVerifiedActions: ONCE_VERIFIED_ACTIONS,
  askedActions: ASKED_ACTIONS,
  decisionActions: DECISION_ACTIONS,
};

/** A profile's state from its facts: the first that holds of verified, pending, once verified and asked. */
export function stateOf({ verified, pending, onceVerified, asked }: StateFacts): DirectoryState {
  if (verified) return 'verified';
  if (pending) return 'pending';
  if (onceVerified) return 'lapsed';
  if (asked) return 'refused';
  return 'never-asked';
}

/** The facts a profile in this state has (the others may be either): the rule of stateOf, read backwards. */
export function factsOf(state: DirectoryState): Partial<StateFacts> {
  switch (state) {
    case 'verified':
      return { verified: true };
    case 'pending':
      return { verified: false, pending: true };
    case 'lapsed':
      return { verified: false, pending: false, onceVerified: true };
    case 'refused':
      return { verified: false, pending: false, onceVerified: false, asked: true };
    case 'never-asked':
      return { verified: false, pending: false, onceVerified: false, asked: false };
  }
}
