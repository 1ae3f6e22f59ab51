import type { Store } from '@byline/shared';
import type { StoreFactory } from '@byline/test-support';

/** A fresh, empty store for every test of the enclosing describe, closed after it. */
export function freshStorePerTest(factory: StoreFactory): () => Store {
  let store: Store | undefined;
  beforeEach(async () => {
    store = await factory.create();
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  return () => {
    if (!store) throw new Error('no store: use it inside a test');
    return store;
  };
}
