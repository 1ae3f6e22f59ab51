import fs from 'node:fs';
import v8 from 'node:v8';
import { ImportConflictError, type ImportSummary } from '@byline/shared';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';
import { checkImportRecords, type CheckedImport, type LineProblem } from './check-records';
import { readImportFile } from './read-import-file';
import { memoryWarning } from './memory-check';
import { progressReporter } from './progress';

const LARGE_FILE_BYTES = 5 * 1024 * 1024;

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

/**
 * `byline import FILE`, also behind `byline demo`: reads and checks the whole file first, then imports
 * every record in one all-or-nothing store call. Any bad record means nothing is imported.
 */
export async function importFile(ctx: CliContext, file: string): Promise<ImportSummary> {
  let checked: CheckedImport;
  try {
    const { size } = await fs.promises.stat(file);
    const warning = memoryWarning(file, size, v8.getHeapStatistics().heap_size_limit);
    if (warning) writeLine(ctx.stderr, warning);
    // Checking a large file takes seconds (about 5 s per 100,000 articles); say so before the bar appears.
    if (size > LARGE_FILE_BYTES) writeLine(ctx.stderr, `Checking ${file}…`);
    checked = await checkImportRecords(readImportFile(file));
  } catch (error) {
    cannotRead(file, error);
  }
  if (checked.problems.length) rejectFile(ctx, file, checked.problems, 'are invalid');
  const { records, lines } = checked;

  return withStore(ctx, async (store) => {
    if (records.length === 0) return { profiles: 0, articles: 0 };
    const progress = progressReporter('Importing', ctx.stderr);
    try {
      return await store.importProfiles(records, (p) => progress.update(p));
    } catch (error) {
      progress.stop(); // before anything else is written, so a progress bar does not garble the report
      if (!(error instanceof ImportConflictError)) throw error;
      const problems = error.problems.map(({ index, reason }) => ({ line: lines[index] ?? 0, reason }));
      rejectFile(ctx, file, problems, 'conflict with stored data');
    } finally {
      progress.stop();
    }
  });
}
