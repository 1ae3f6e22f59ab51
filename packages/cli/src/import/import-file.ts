import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { repositoriesOf } from '@byline/shared/store';
import { importVerifications } from '@byline/editorial/use-cases/imported-verification';
import { ImportConflictError, type ImportSummary } from '@byline/domain/profiles/profiles-repository';
import { CliError, withNewOrExistingStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';
import type { LineProblem } from './check-records';
import { publishersProblems, writePublishers, type PublishersSummary } from '../publishers-transfer/import-publishers';
import { checkedBatches, InvalidRecordsError, RefusedPublishersError, type FoundPublishers } from './checked-batches';
import { memoryWarning } from './memory-check';
import { byteCount, progressReporter, type ProgressReporter } from './progress';

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

function cannotRead(file: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const why = FILE_ERRORS[code];
  if (why) throw new CliError(`Cannot read ${file}: ${why}`);
  throw error;
}

function rejectFile(ctx: CliContext, file: string, problems: LineProblem[], why: string): never {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  const lines = new Set(sorted.map((p) => p.line)).size;
  writeLine(ctx.stderr, `Nothing was imported: ${lines} record(s) in ${file} ${why}:`);
  for (const { line, reason } of sorted) writeLine(ctx.stderr, `  line ${line}: ${reason}`);
  throw new CliError(`Fix the lines above and run the import again.`);
}

/** What an import wrote: its profiles and articles, and its publishers when the file had any. */
export interface FileImportSummary extends ImportSummary {
  publishers?: PublishersSummary;
  /** Profiles whose record said otherwise than the verification an editor or operator decided, which stands. */
  keptDecisions: string[];
  /** Profiles nobody decided on whose verification changed as the file says, each recorded as a decision. */
  changedVerifications: string[];
}

/** Up to ten slugs, then how many more. */
const slugList = (slugs: readonly string[]): string =>
  slugs.length > 10 ? `${slugs.slice(0, 10).join(', ')} and ${slugs.length - 10} more` : slugs.join(', ');

/** Tells the operator which records' `verified` gave way to a person's decision, or nothing when none did. */
export function keptDecisionsNotice(slugs: readonly string[]): string | null {
  if (slugs.length === 0) return null;
  return (
    `Kept the verification an editor or operator decided for ${slugs.length} profile(s), where the file says otherwise: ` +
    `${slugList(slugs)}. To change one: byline profiles verify|unverify SLUG.`
  );
}

/** Tells the operator which profiles' verification the file changed, or nothing when it changed none. */
export function changedVerificationsNotice(slugs: readonly string[]): string | null {
  if (slugs.length === 0) return null;
  return `Changed the verification of ${slugs.length} profile(s) as the file says (recorded in their history): ${slugList(slugs)}.`;
}

/**
 * `byline import FILE`, also behind `byline demo`: one all-or-nothing store call fed the file's records
 * in batches as they are read and checked. Any bad record means nothing is imported, and every bad line
 * is listed. The embedded store writes while the file is read, so the file is never held whole;
 * MongoDB's store collects it first (hence the memory warning there), then shows its writing progress.
 * The file's publishers (its publishers record) are checked against the store before that call ends, so a
 * refusal stores nothing, and written through the Publishers and Staff ports once the profiles their staff
 * name are stored. A record that changes the verified flag of a stored profile nobody decided on is imported with
 * the stored flag, and the change made once the import has committed, as a decision recorded in the profile's
 * history and announced by webhook (see importVerifications).
 */
export async function importFile(ctx: CliContext, file: string): Promise<FileImportSummary> {
  const { size } = await fs.promises.stat(file).catch((error: unknown) => cannotRead(file, error));
  return withNewOrExistingStore(ctx, async (store) => {
    if (store.kind !== 'embedded') {
      const warning = memoryWarning(file, size, v8.getHeapStatistics().heap_size_limit);
      if (warning) writeLine(ctx.stderr, warning);
    }
    const reading = progressReporter('Importing', ctx.stderr, { amount: byteCount });
    let writing: ProgressReporter | undefined;
    const stopProgress = () => {
      reading.stop();
      writing?.stop();
    };
    const lines: number[] = [];
    const repositories = repositoriesOf(store);
    const publishers: FoundPublishers = {};
    // A person's decision on a profile's verification stands, and a change of the file's is made as a decision.
    const verifications = await importVerifications(repositories);
    const checked = checkedBatches(file, {
      lines,
      publishers,
      checkPublishers: (record, inFile) => publishersProblems(repositories, record, inFile),
      onRead: (share) => {
        // An empty file has no progress to show ("0/0 bytes (100%)").
        if (size > 0) reading.update({ done: Math.round(share * size), total: size });
      },
    });
    const batches = verifications.records(checked);
    let imported: ImportSummary;
    try {
      imported = await repositories.profileTransfers.importBatches(batches, (progress) => {
        if (!writing) {
          reading.stop();
          writing = progressReporter('Writing', ctx.stderr);
        }
        writing.update(progress);
      });
    } catch (error) {
      stopProgress(); // before anything else is written, so a progress bar does not garble the report
      if (error instanceof InvalidRecordsError) rejectFile(ctx, file, error.problems, 'are invalid');
      if (error instanceof RefusedPublishersError) rejectFile(ctx, file, error.problems, 'cannot be imported into this store');
      if (error instanceof ImportConflictError) {
        const problems = error.problems.map(({ index, reason }) => ({ line: lines[index] ?? 0, reason }));
        rejectFile(ctx, file, problems, 'conflict with stored data');
      }
      cannotRead(file, error);
    } finally {
      stopProgress();
    }
    const changedVerifications = await verifications.applyChanges(path.basename(file));
    const summary = { ...imported, keptDecisions: verifications.kept.slugs, changedVerifications };
    if (!publishers.record) return summary;
    try {
      return { ...summary, publishers: await writePublishers(repositories, publishers.record) };
    } catch (error) {
      // Checked before the profiles were stored, so only another process changing the publishers meanwhile leads here.
      throw new CliError(
        `The profiles of ${file} were imported, but not all its publishers: ${(error as Error).message}. Run the import again.`,
      );
    }
  });
}
