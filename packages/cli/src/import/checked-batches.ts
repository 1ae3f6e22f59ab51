import type { ProfileInput } from '@byline/domain/domain/types';
import { isPublishersRecord, validatePublishersRecord, type PublishersRecord } from '../publishers-transfer/publisher-record';
import { RecordChecker, type LineProblem } from './check-records';
import { readImportFile, type RawRecord } from './read-import-file';

/** Records per batch handed to the store: enough that a batch's own cost vanishes, few enough to hold. */
const BATCH_RECORDS = 500;

/** Some records of the file are invalid (every bad line is listed); nothing may be stored. */
export class InvalidRecordsError extends Error {
  constructor(readonly problems: LineProblem[]) {
    super(`${problems.length} problem(s) in the import file`);
    this.name = 'InvalidRecordsError';
  }
}

/** The file is valid, but its publishers cannot go into this store as it is (see publishersProblems). */
export class RefusedPublishersError extends Error {
  constructor(readonly problems: LineProblem[]) {
    super(`${problems.length} problem(s) with the publishers of the import file`);
    this.name = 'RefusedPublishersError';
  }
}

/** The file's publishers record (at most one) and the line it starts on; `record` stays unset when there is none. */
export interface FoundPublishers {
  record?: PublishersRecord;
  line?: number;
}

export interface BatchOptions {
  /** Gets the line of every record yielded, in order: a store conflict names records by position. */
  lines: number[];
  /** The share of the file read (0–1), before each batch and at the end. */
  onRead?: (share: number) => void;
  /** Gets the file's publishers record, valid, once the whole file is read. */
  publishers?: FoundPublishers;
  /**
   * What keeps the file's valid publishers out of the store, asked before the last batch is handed over so that a
   * refusal still stores nothing; `inFile` tells the file's profiles.
   */
  checkPublishers?: (record: PublishersRecord, inFile: (slug: string) => boolean) => Promise<string[]>;
}

/** Checks the publishers record; a second one is refused, as the import would not know which to take. */
function checkPublishersRecord(entry: RawRecord, checker: RecordChecker, found: FoundPublishers): void {
  if (found.line !== undefined) {
    checker.problems.push({ line: entry.line, reason: `a second publishers record (the first is on line ${found.line})` });
    return;
  }
  found.line = entry.line;
  const result = validatePublishersRecord(entry.value);
  if (result.errors) for (const reason of result.errors) checker.problems.push({ line: entry.line, reason });
  else found.record = result.value;
}

/**
 * The valid records of `file` in batches, checked as the file is read (see RecordChecker). After the first
 * bad record no more batches come, as the import will be refused, but the rest of the file is still
 * checked so that every bad line is listed: the generator then throws InvalidRecordsError. The publishers
 * record is not a batch's: it is checked here and handed over in `publishers`.
 */
export async function* checkedBatches(
  file: string,
  { lines, onRead, publishers = {}, checkPublishers }: BatchOptions,
): AsyncGenerator<ProfileInput[]> {
  const checker = new RecordChecker();
  let batch: ProfileInput[] = [];
  for await (const entry of readImportFile(file)) {
    if (entry.error === undefined && isPublishersRecord(entry.value)) {
      checkPublishersRecord(entry, checker, publishers);
      continue;
    }
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
  if (publishers.record && checkPublishers) {
    const reasons = await checkPublishers(publishers.record, (slug) => checker.hasProfile(slug));
    const line = publishers.line ?? 0;
    if (reasons.length) throw new RefusedPublishersError(reasons.map((reason) => ({ line, reason })));
  }
  onRead?.(1);
  if (batch.length) yield batch;
}
