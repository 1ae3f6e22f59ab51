/**
 * A port made of a database adapter's own methods (bound to it) and the rules written above the adapters (`Ruled`,
 * the port's methods that are rules: each must be given, and the store must provide every other one), which take
 * the place of any adapter method of the same name. The adapter's methods are looked up once, here, so a
 * lookup on the verifiers' hot path costs one bound call, as on the adapter itself.
 */
export function portWithRules<Port, Ruled extends keyof Port>(store: Omit<Port, Ruled>, rules: Pick<Port, Ruled>): Port {
  const port: Record<string, unknown> = {};
  for (
    let proto: object | null = store;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      // Methods only, as declared: a getter is never run here (it may read a connection not open yet).
      const member: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name !== 'constructor' && !(name in port) && typeof member === 'function') port[name] = member.bind(store);
    }
  }
  return Object.assign(port, rules) as Port;
}
