import type { ProfileInput } from '@byline/shared';
import { RecordChecker, type LineProblem } from './check-records';
import { readImportFile } from './read-import-file';

/** Records per batch handed to the store: enough that a batch's own cost vanishes, few enough to hold. */
const BATCH_RECORDS = 500;

/** Some records of the file are invalid (every bad line is listed); nothing may be stored. */
export class InvalidRecordsError extends Error {
  constructor(readonly problems: LineProblem[]) {
    super(`${problems.length} problem(s) in the import file`);
    this.name = 'InvalidRecordsError';
  }
}

export interface BatchOptions {
  /** Gets the line of every record yielded, in order: a store conflict names records by position. */
  lines: number[];
  /** The share of the file read (0–1), before each batch and at the end. */
  onRead?: (share: number) => void;
}

/**
 * The valid records of `file` in batches, checked as the file is read (see RecordChecker). After the first
 * bad record no more batches come, as the import will be refused, but the rest of the file is still
 * checked so that every bad line is listed: the generator then throws InvalidRecordsError.
 */
export async function* checkedBatches(file: string, { lines, onRead }: BatchOptions): AsyncGenerator<ProfileInput[]> {
  const checker = new RecordChecker();
  let batch: ProfileInput[] = [];
  for await (const entry of readImportFile(file)) {
    const record = checker.check(entry);
    if (!record || checker.problems.length) continue;
    batch.push(record);
    lines.push(entry.line);
    if (batch.length === BATCH_RECORDS) {
      onRead?.(entry.read ?? 0);
      yield batch;
      batch = [];
    }
  }
  if (checker.problems.length) throw new InvalidRecordsError(checker.problems);
  onRead?.(1);
  if (batch.length) yield batch;
}
