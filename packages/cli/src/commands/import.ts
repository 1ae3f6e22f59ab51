import type { Command } from 'commander';
import type { CliContext } from '../cli-context';
import { changedVerificationsNotice, importFile, keptDecisionsNotice } from '../import/import-file';
import { writeLine } from '../output';

export function registerImport(program: Command, ctx: CliContext): void {
  program
    .command('import')
    .description('import profiles (and publishers) from an NDJSON file (one profile a line) or a JSON array; all or nothing')
    .argument('<file>', 'the file to import')
    .action(async (file: string) => {
      const { profiles, articles, publishers, keptDecisions, changedVerifications } = await importFile(ctx, file);
      writeLine(ctx.stdout, `Imported ${profiles} profile(s) and ${articles} article(s) from ${file}.`);
      const kept = keptDecisionsNotice(keptDecisions);
      if (kept) writeLine(ctx.stdout, kept);
      const changed = changedVerificationsNotice(changedVerifications);
      if (changed) writeLine(ctx.stdout, changed);
      if (publishers)
        writeLine(
          ctx.stdout,
          `Imported ${publishers.publishers} publisher(s), with ${publishers.domains} new domain(s) and ${publishers.staff} new staff affiliation(s).`,
        );
    });
}
