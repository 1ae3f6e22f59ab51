/**
 * A rule written once for both databases, as a generator of steps. Each step is what a port method returned:
 * a value on SQLite (better-sqlite3 is synchronous, and a transaction cannot wait for a promise), a promise on
 * MongoDB. `runNow` drives the steps synchronously inside the caller's transaction; `runInTurn` awaits each one.
 *
 *   function* rule(unit: ClaimsUnitOfWrite): Steps<boolean> {
 *     const holder = yield* step(unit.lookupHolder(type, key));
 *     ...
 *   }
 */
export type Step<T> = T | Promise<T>;

export type Steps<T> = Generator<Step<unknown>, T, unknown>;

/** One step's value, whichever way it comes: `const value = yield* step(unit.method(...))`. */
export function* step<T>(value: Step<T>): Generator<Step<T>, T, unknown> {
  return (yield value) as T;
}

/** `next` of the step's value, whichever way it comes: one primitive of a unit made of two (read, then write). */
export function then<T, U>(value: Step<T>, next: (value: T) => Step<U>): Step<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** Every step of `steps` at once, synchronously (the SQLite adapter's unit of write). */
export function runNow<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    if (next.value instanceof Promise) throw new Error('a synchronous unit of write returned a promise');
    next = steps.next(next.value);
  }
  return next.value;
}

/** Every step of `steps`, each awaited before the next (the MongoDB adapter's ordered single-document writes). */
export async function runInTurn<T>(steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = await next.value;
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(value);
  }
  return next.value;
}
