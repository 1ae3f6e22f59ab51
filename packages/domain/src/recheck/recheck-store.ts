import type { Steps } from '../store/steps';
import type { RecheckRecords } from './recheck-records';
import type { RecheckUnitOfWrite } from './recheck-unit';

/** What a database adapter of the re-check records provides: the reads, and one unit of write for the rule. */
export interface RecheckRecordsStore extends Omit<RecheckRecords, 'record'> {
  inOneWrite<T>(steps: (unit: RecheckUnitOfWrite) => Steps<T>): Promise<T>;
}
