import type { ProfileInput } from '../domain/types';
import type { ImportProgress, ImportSummary } from './profiles-repository';

/** Profiles in bulk, in the import format: an operator's imports (all or nothing) and the export they read back. */
export interface ProfileTransfers {
  /**
   * Upserts profiles by slug and articles by canonical address, all or nothing. Records must already be
   * valid; conflicts with stored data (a handle held by another profile) reject with ImportConflictError.
   */
  import(records: ProfileInput[], onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /**
   * import for records that arrive in batches (a file being read and checked), all or nothing as
   * well: when `batches` throws, nothing is stored and the error passes through. The embedded store
   * writes each batch as it comes, in one transaction, so a file is never held whole; MongoDB, which has
   * no transactions to undo with, collects every batch first and reports `onProgress` as it then writes.
   */
  importBatches(batches: AsyncIterable<ProfileInput[]>, onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /** Every profile in the import format, ordered by id, articles ordered by id. */
  export(): AsyncIterable<ProfileInput>;
}
