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

/**
 * A step's value passed through `map`, as a step of the same kind: a value stays a value, a promise a promise. `map`
 * may answer with a step of its own (a unit's primitive made of two: read, then write).
 */
export function mapStep<T, U>(value: Step<T>, map: (value: T) => Step<U>): Step<U> {
  return value instanceof Promise ? value.then(map) : map(value);
}

/**
 * The step `make` returns, or what `failed` makes of its error (thrown at once on SQLite, a rejection on MongoDB), a
 * value or a step of its own.
 */
export function recoverStep<T>(make: () => Step<T>, failed: (error: unknown) => Step<T>): Step<T> {
  try {
    const value = make();
    return value instanceof Promise ? value.catch(failed) : value;
  } catch (error) {
    return failed(error);
  }
}

/**
 * Steps as one step, for a unit's primitive written as steps over documents: run at once while each is a value
 * (SQLite), awaited in turn from the first promise on (MongoDB), a failed one thrown into the steps as runInTurn does.
 */
export function stepOf<T>(steps: Steps<T>): Step<T> {
  let next = steps.next();
  while (!next.done) {
    if (next.value instanceof Promise) return continueInTurn(steps, next.value);
    next = steps.next(next.value);
  }
  return next.value;
}

async function continueInTurn<T>(steps: Steps<T>, pending: Promise<unknown>): Promise<T> {
  let next = await pending.then(
    (value) => steps.next(value),
    (error: unknown) => steps.throw(error),
  );
  while (!next.done) {
    next = await Promise.resolve(next.value).then(
      (value) => steps.next(value),
      (error: unknown) => steps.throw(error),
    );
  }
  return next.value;
}
