import type { Steps } from '../store/steps';
import type { ProfileErasureUnit } from './erasure-unit';
import type { IdentityUnitOfWrite } from './identity-unit';
import type { ProfileSaveUnit } from './save-profile';
import type { IdentityReview } from './identity-review-repository';
import type { ProfileErasure } from './profile-erasure-repository';
import type { ProfileTransfers } from './profile-transfers-repository';
import type { ImportProgress, ImportSummary, Profiles } from './profiles-repository';
import type { ProfileInput } from '../domain/types';

/**
 * The changes that are rules over the store (identity-changes.ts, profile-erasure.ts), or that run them at a time
 * given from above.
 */
export type ProfilesRuledChanges = 'decideIdentityChange' | 'save' | 'import' | 'importBatches' | 'withdrawFromLookups' | 'erase';

/**
 * The four profile ports as one object: what profilesOver makes of a database adapter. One adapter serves all four,
 * since a save makes the identity change that IdentityReview decides, and an import or an erasure writes the profiles
 * themselves.
 */
export type ProfilePorts = Profiles & IdentityReview & ProfileTransfers & ProfileErasure;

/**
 * What a database adapter of the profiles provides: their reads and writes, an import at a given time, and the units
 * of write the rules run in: a save's (save-profile.ts), an identity decision's and an erasure's.
 */
export interface ProfilesStore extends Omit<ProfilePorts, ProfilesRuledChanges> {
  /** The save's unit of write (save-profile.ts): one transaction on SQLite, writes in turn on MongoDB. */
  inSaveWrite<T>(steps: (unit: ProfileSaveUnit) => Steps<T>): Promise<T>;
  /** ProfileTransfers.import, at `at`: the time on every proof and release it writes. */
  importAt(records: ProfileInput[], at: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /** ProfileTransfers.importBatches, at `at`. */
  importBatchesAt(
    batches: AsyncIterable<ProfileInput[]>,
    at: string,
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportSummary>;
  inOneWrite<T>(steps: (unit: IdentityUnitOfWrite) => Steps<T>): Promise<T>;
  /** The erasure's unit of write (profile-erasure.ts): one transaction on SQLite, writes in turn on MongoDB. */
  inErasureWrite<T>(steps: (unit: ProfileErasureUnit) => Steps<T>): Promise<T>;
}
