import fs from 'node:fs';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { embeddedStoreFile, openStore } from '@byline/shared';
import { loadConfig, type Config } from '@byline/domain/config/config';
import { NoStoreError } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { writeLine } from './output';

export type OutputStream = Writable & { isTTY?: boolean };

/** Where a command reads its settings and writes its output; tests pass their own. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: OutputStream;
  stderr: OutputStream;
}

/** A mistake the user can fix (unknown slug, bad file, …): printed as one message, never as a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Opens the store the environment selects (MONGODB_URI or BYLINE_DATA_DIR) for a command, runs the work, closes it. */
async function runWithStore<T>(ctx: CliContext, create: boolean, work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(ctx.env);
  const file = embeddedStoreFile(config);
  const creating = file !== null && !fs.existsSync(file);
  const store = await openStore(config, { mustExist: !create }).catch((error: unknown) => {
    if (!(error instanceof NoStoreError)) throw error;
    throw new CliError(
      `${error.message}: set BYLINE_DATA_DIR to the directory that holds ${path.basename(file!)}, or create one with \`npx byline import FILE\` or \`npx byline demo\``,
    );
  });
  if (creating) writeLine(ctx.stderr, `Created a new Byline store at ${path.dirname(file!)}.`);
  try {
    return await work(store, config);
  } finally {
    // Closes the repositories the command used, then the store.
    await repositoriesOf(store).close();
  }
}

/**
 * For commands that read or change existing data: a missing embedded store is an error ("no Byline store at
 * DIR"), never a new, empty store (in a mistyped directory, or after the file was deleted) to report on.
 */
export function withStore<T>(ctx: CliContext, work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  return runWithStore(ctx, false, work);
}

/** For commands that may start a store (import, demo, keys create, editors create): creates a missing one, and says so. */
export function withNewOrExistingStore<T>(ctx: CliContext, work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  return runWithStore(ctx, true, work);
}
