import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import type { StoreFactory } from './stores';

/**
 * A fresh, empty store's repositories for every test of the enclosing describe, closed after it: what a resource's
 * contract suite (see docs/contributing.md, "Adding a resource") takes its repository from.
 */
export function freshRepositoriesPerTest(factory: StoreFactory): FreshRepositories {
  let repositories: StoreRepositories | undefined;
  beforeEach(async () => {
    repositories = repositoriesOf(await factory.create());
  });
  afterEach(async () => {
    await repositories?.close();
    repositories = undefined;
  }, 60_000);
  const current = () => {
    if (!repositories) throw new Error('no repositories: use it inside a test');
    return repositories;
  };
  return Object.assign(current, {
    async renew() {
      await current().close();
      repositories = undefined;
      repositories = repositoriesOf(await factory.create());
      return repositories;
    },
  });
}

/** The running test's repositories; renew() closes them and puts a fresh, empty store's in their place. */
export interface FreshRepositories {
  (): StoreRepositories;
  renew(): Promise<StoreRepositories>;
}
