/*
 * A resource's fields are written once, here above the adapters, beside its document type (`<resource>-fields.ts`):
 * both stores' descriptors (SqliteTable's columns, MongoCollection's fields) derive each field's stored name from that
 * one list, in snake_case, and name only where their database really differs (MongoDB's `_id`, a column SQL's
 * keywords forbid, a field one database keeps none of). A field added to the document type and not listed does not
 * compile, and neither does a descriptor that misses one.
 */

/** `createdAt` → `created_at`: the name both databases give a field unless their descriptor says otherwise. */
export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Every field of D, so that the list cannot miss one: a field left out names itself in the type error. */
type EveryField<D, F extends readonly string[]> = [Exclude<keyof D, F[number]>] extends [never]
  ? F
  : { missing: Exclude<keyof D, F[number]> };

/** The fields of document type D, each once, in the order its documents list them. */
export const fieldsOf =
  <D>() =>
  <const F extends readonly (keyof D & string)[]>(fields: F & EveryField<D, F>): F =>
    fields;

/**
 * Each field's stored name: its name in snake_case, or what `overrides` gives it (null where the database keeps none
 * of the field, which SqliteTable's columns allow).
 */
export function storedNames<F extends string, V extends string | null = string>(
  fields: readonly F[],
  overrides: Partial<Record<F, V>> = {},
): Record<F, string | V> {
  return Object.fromEntries(
    fields.map((field) => [field, field in overrides ? (overrides[field] as V) : snakeCase(field)]),
  ) as Record<F, string | V>;
}
