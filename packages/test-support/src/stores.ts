import type { Store } from '@byline/shared';
import { embeddedStore } from './harness';

/** One way to get a fresh, empty store. The contract suite and the HTTP tests run once per factory. */
export interface StoreFactory {
  name: string;
  create(): Promise<Store>;
}

/** Every store implementation the tests should run against on this machine. */
export function storeFactories(): StoreFactory[] {
  return [{ name: 'embedded', create: async () => embeddedStore() }];
}
