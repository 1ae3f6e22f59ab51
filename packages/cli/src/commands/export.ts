import { repositoriesOf } from '@byline/shared/store';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { CliError, withStore, type CliContext, type OutputStream } from '../cli-context';
import { writeChunk, writeLine } from '../output';
import { publishersRecord } from '../publishers-transfer/export-publishers';

async function openOutput(file: string): Promise<fs.WriteStream> {
  const stream = fs.createWriteStream(file, { encoding: 'utf8' });
  try {
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw new CliError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  return stream;
}

export function registerExport(program: Command, ctx: CliContext): void {
  program
    .command('export')
    .description('write every profile with all its articles, then the publishers, as NDJSON, in the format import reads')
    .option('-o, --out <file>', 'write to this file instead of standard output')
    .action(async ({ out }: { out?: string }) => {
      await withStore(ctx, async (store) => {
        const target: OutputStream = out ? await openOutput(out) : ctx.stdout;
        let count = 0;
        const repositories = repositoriesOf(store);
        for await (const profile of repositories.profileTransfers.export()) {
          await writeChunk(target, `${JSON.stringify(profile)}\n`);
          count++;
        }
        // Last, after the profiles their staff name; no line at all when there are none, as before publishers.
        const publishers = await publishersRecord(repositories);
        if (publishers) await writeChunk(target, `${JSON.stringify(publishers)}\n`);
        if (out) {
          target.end();
          await finished(target);
          const also = publishers ? ` and ${publishers.publishers.length} publisher(s)` : '';
          writeLine(ctx.stderr, `Exported ${count} profile(s)${also} to ${out}.`);
        }
      });
    });
}
