export interface Closeable {
  close?(): Promise<void>;
}

/**
 * An object whose properties are made on first use, once, and remembered in `opened` so that closing the store's
 * repositories closes them: a verifier that never touches the portal's repositories opens no connection for them.
 */
export function lazily<T extends object>(opened: Closeable[], makers: { [K in keyof T]: () => T[K] }): T {
  const made = {} as T;
  for (const name of Object.keys(makers) as (keyof T)[]) {
    let value: T[typeof name] | undefined;
    Object.defineProperty(made, name, {
      enumerable: true,
      get: () => {
        if (value === undefined) {
          value = makers[name]();
          // One adapter may serve several ports (see once): it is closed once.
          if (!opened.includes(value as Closeable)) opened.push(value as Closeable);
        }
        return value;
      },
    });
  }
  return made;
}

/**
 * The makers of several small ports all served by one object, made once however many of them are asked for: how one
 * adapter serves a resource's ports (the publishers', the profiles', the webhooks', the API accounts').
 */
export function servedByOne<Name extends string, T>(names: readonly Name[], make: () => T): Record<Name, () => T> {
  let made: T | undefined;
  const maker = () => (made ??= make());
  return Object.fromEntries(names.map((name) => [name, maker])) as Record<Name, () => T>;
}
