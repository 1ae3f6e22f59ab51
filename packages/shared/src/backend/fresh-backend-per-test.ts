import type { Store } from '../store/store';
import type { Backend } from './backend';
import { backendOf } from './open-backend';

/** What a contract suite needs of a store factory (test-support's StoreFactory is one). */
export interface ContractStoreFactory {
  create(): Promise<Store>;
}

/**
 * For a resource's contract suite: a fresh, empty store for every test of the enclosing describe, given as its
 * backend, and closed after the test with every repository the test used.
 */
export function freshBackendPerTest(factory: ContractStoreFactory): () => Backend {
  let backend: Backend | undefined;
  beforeEach(async () => {
    backend = backendOf(await factory.create());
  });
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  }, 60_000);
  return () => {
    if (!backend) throw new Error('no store: use it inside a test');
    return backend;
  };
}
