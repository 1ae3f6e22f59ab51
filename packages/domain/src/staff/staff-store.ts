import type { Steps } from '../store/steps';
import type { Staff } from './staff-repository';
import type { StaffUnitOfWrite } from './staff-unit';

/** The changes that are rules over the store (staff-changes.ts), not writes of it. */
export type StaffRuledChanges = 'accept' | 'decline' | 'end';

/** What a database adapter of the staff provides: its reads and plain writes, and one unit of write for the rules. */
export interface StaffStore extends Omit<Staff, StaffRuledChanges> {
  inOneWrite<T>(steps: (unit: StaffUnitOfWrite) => Steps<T>): Promise<T>;
}
