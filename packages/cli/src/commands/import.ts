import type { Command } from 'commander';
import type { CliContext } from '../cli-context';
import { importFile } from '../import/import-file';
import { writeLine } from '../output';

export function registerImport(program: Command, ctx: CliContext): void {
  program
    .command('import')
    .description('import profiles from an NDJSON file (one profile a line) or a JSON array; all or nothing')
    .argument('<file>', 'the file to import')
    .action(async (file: string) => {
      const { profiles, articles } = await importFile(ctx, file);
      writeLine(ctx.stdout, `Imported ${profiles} profile(s) and ${articles} article(s) from ${file}.`);
    });
}
