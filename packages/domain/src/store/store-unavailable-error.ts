/**
 * The store cannot be reached or answered with a transient failure; callers answer 503. Its own file: the SQLite
 * and MongoDB adapters throw it, and the Store port (store.ts) depends on those adapters' database types.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
