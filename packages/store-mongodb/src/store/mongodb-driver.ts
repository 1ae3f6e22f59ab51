import type * as Mongodb from 'mongodb';

let driver: typeof Mongodb | undefined;

/**
 * The MongoDB driver, loaded on first use rather than with the package: a process on the embedded store
 * (every `byline` command by default) would otherwise spend about a quarter of its start-up loading it.
 */
export function mongodbDriver(): typeof Mongodb {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (driver ??= require('mongodb') as typeof Mongodb);
}
