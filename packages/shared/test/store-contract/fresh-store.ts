import type { Store } from '@byline/domain/store/store';
import { expectAnswersInStep, type StoreFactory } from '@byline/test-support';

/**
 * A fresh, empty store for every test of the enclosing describe, closed after it. With `checkAnswers`,
 * each test ends by checking every rendered answer against the records it wrote (expectAnswersInStep).
 */
export function freshStorePerTest(factory: StoreFactory, { checkAnswers = false } = {}): () => Store {
  let store: Store | undefined;
  beforeEach(async () => {
    store = await factory.create();
  });
  // Checking every answer after the larger tests (1 200 imported profiles on MongoDB) takes a minute on a loaded
  // machine: the check keeps the budget those tests have themselves.
  afterEach(async () => {
    try {
      if (checkAnswers && store) await expectAnswersInStep(store);
    } finally {
      await store?.close();
      store = undefined;
    }
  }, 120_000);
  return () => {
    if (!store) throw new Error('no store: use it inside a test');
    return store;
  };
}
