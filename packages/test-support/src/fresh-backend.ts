import { backendOf, type Backend } from '@byline/shared/storage';
import type { StoreFactory } from './stores';

/**
 * A fresh, empty store's backend for every test of the enclosing describe, closed after it: what a resource's
 * contract suite (see docs/contributing.md, "Adding a resource") takes its repository from.
 */
export function freshBackendPerTest(factory: StoreFactory): () => Backend {
  let backend: Backend | undefined;
  beforeEach(async () => {
    backend = backendOf(await factory.create());
  });
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  }, 60_000);
  return () => {
    if (!backend) throw new Error('no backend: use it inside a test');
    return backend;
  };
}
