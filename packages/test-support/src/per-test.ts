/**
 * A fixture started before each test of the enclosing describe block and stopped after it, held in one constant:
 * every property read or written on the returned object goes to the current test's instance. Tests then write
 * `const portal = forEachTest(...)` once instead of a `let`, a beforeEach that assigns it and an afterEach that closes it.
 * Outside a test (at collection time) there is no instance, and touching one is an error that says so.
 */
export function forEachTest<T extends object>(start: () => Promise<T>, stop: (instance: T) => Promise<void> | void): T {
  return heldFixture(beforeEach, afterEach, start, stop);
}

/** The same for a fixture the tests of the block share: started before the first, stopped after the last. */
export function forAllTests<T extends object>(start: () => Promise<T>, stop: (instance: T) => Promise<void> | void): T {
  return heldFixture(beforeAll, afterAll, start, stop);
}

const replacers = new WeakMap<object, (next: never) => void>();

function heldFixture<T extends object>(
  before: (hook: () => Promise<void>) => void,
  after: (hook: () => Promise<void>) => void,
  start: () => Promise<T>,
  stop: (instance: T) => Promise<void> | void,
): T {
  let current: T | undefined;
  before(async () => {
    current = await start();
  });
  after(async () => {
    const instance = current;
    current = undefined;
    if (instance) await stop(instance);
  });
  const now = (): T => {
    if (!current) throw new Error('the fixture exists only while its tests run (in them and their hooks)');
    return current;
  };
  const fixture = new Proxy({} as T, {
    get: (_, key) => Reflect.get(now(), key),
    set: (_, key, value) => Reflect.set(now(), key, value),
    has: (_, key) => Reflect.has(now(), key),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(now(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  replacers.set(fixture, (next: T) => {
    now();
    current = next;
  });
  return fixture;
}

/**
 * Puts another instance in a forEachTest fixture for the rest of the running test (a portal started with other
 * settings, say), which the fixture's afterEach then stops; the caller has stopped the one it replaces.
 */
export function replaceForThisTest<T extends object>(fixture: T, next: T): void {
  const replace = replacers.get(fixture);
  if (!replace) throw new Error('replaceForThisTest: not a fixture of forEachTest or forAllTests');
  (replace as (next: T) => void)(next);
}
