import type { Writable } from 'node:stream';
import { loadConfig, openStore, type Config, type PortalStore, type Store } from '@byline/shared';
import { openPortalStore } from '@byline/portal/operator';

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

/** Opens the store the environment selects (MONGODB_URI or BYLINE_DATA_DIR), runs the work, closes it. */
export async function withStore<T>(ctx: CliContext, work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(ctx.env);
  const store = await openStore(config);
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}

/** The portal's records (users, verification audit) kept beside an opened store. */
export async function withPortalStore<T>(store: Store, work: (portal: PortalStore) => Promise<T>): Promise<T> {
  const portal = openPortalStore(store);
  try {
    return await work(portal);
  } finally {
    await portal.close();
  }
}
