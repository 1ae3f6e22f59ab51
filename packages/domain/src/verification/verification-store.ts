import type { Steps } from '../store/steps';
import type { Verification } from './verification-repository';
import type { VerificationUnitOfWrite } from './verification-unit';

/** The changes that are rules over the store (verification-changes.ts), not writes of it. */
export type VerificationRuledChanges = 'request' | 'decide' | 'returnToQueue' | 'withdraw';

/** What a database adapter of the editors' queue provides: its reads, and one unit of write for the rules. */
export interface VerificationStore extends Omit<Verification, VerificationRuledChanges> {
  inOneWrite<T>(steps: (unit: VerificationUnitOfWrite) => Steps<T>): Promise<T>;
}
