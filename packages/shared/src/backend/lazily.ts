export interface Closeable {
  close?(): Promise<void>;
}

/**
 * An object whose properties are made on first use, once, and remembered in `opened` so that the backend closes
 * them: a verifier that never touches the portal's repositories opens no connection for them.
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
          opened.push(value as Closeable);
        }
        return value;
      },
    });
  }
  return made;
}
