import Joi from 'joi';
import type { FieldError } from './api-error';
import { fieldOf, unprocessable } from './validate';

/** The most items one batch may hold: each is a lookup, and each counts against the rate limit. */
export const MAX_BATCH_ITEMS = 100;

/** How a batch names its list and the single operation its items are. */
export interface BatchItems<Input = unknown> {
  /** The body field holding the list: `urls`, `journalists`. */
  list: string;
  /** The single operation's fields for one item, as its schema takes them (a URL becomes `{url}`). */
  fieldsOf: (item: unknown) => unknown;
  /** The field a problem names: the item (`urls[3]`), or one of its fields (`journalists[3].social_type`). */
  fieldOf: (index: number, field?: string) => string;
  /** The single operation's schema: an item is checked and canonicalised exactly as that operation's input. */
  schema: Joi.Schema;
  /**
   * A cheaper check of one item as sent, where the schema's own steps cost more than the item's lookup: the input the
   * schema would give an item it accepts, or undefined to have the schema judge the item (and word its problems).
   */
  quickInput?: (item: unknown) => Input | undefined;
}

const VALIDATION = { abortEarly: false, convert: true } as const;

/**
 * How deep an item may nest (its extra fields included): the answer echoes each item as sent, and JSON.stringify
 * overflows the stack a few thousand levels down, which would be a 500 after the lookups. No real item comes close.
 */
export const MAX_ITEM_DEPTH = 32;

/** Whether the value nests deeper than MAX_ITEM_DEPTH; walked without recursion, and only as far as the limit. */
function nestedTooDeep(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  let level: object[] = [value];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_ITEM_DEPTH) return true;
    const next: object[] = [];
    for (const node of level) {
      for (const child of Object.values(node)) if (child !== null && typeof child === 'object') next.push(child as object);
    }
    level = next;
  }
  return false;
}

/**
 * Checks a batch body: its list, each item checked by the single operation's schema, or a 422 naming every bad item
 * by its index (`urls[3]`, `journalists[0].social_type`), or the list when it is missing, not a list, empty or
 * longer than MAX_BATCH_ITEMS. Items as sent are kept beside their inputs: the answer echoes them. The schemas are
 * compiled with their options once, here: Joi merging the options on each of a hundred calls was a tenth of a batch.
 */
export function batchValidator<Input>(batch: BatchItems<Input>): (body: unknown) => { items: unknown[]; inputs: Input[] } {
  const listSchema = Joi.object({ [batch.list]: Joi.array().min(1).max(MAX_BATCH_ITEMS).required() })
    .unknown(true)
    .prefs(VALIDATION);
  const itemSchema = batch.schema.prefs(VALIDATION);
  return (body) => {
    const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const listed = listSchema.validate(fields);
    if (listed.error) throw unprocessable(listed.error.details.map((d) => ({ field: batch.list, message: d.message })));
    const items = (fields as Record<string, unknown[]>)[batch.list]!;
    const inputs: Input[] = [];
    const errors: FieldError[] = [];
    items.forEach((item, index) => {
      if (nestedTooDeep(item)) {
        const field = batch.fieldOf(index);
        return void errors.push({ field, message: `"${field}" must not nest more than ${MAX_ITEM_DEPTH} levels deep` });
      }
      const quick = batch.quickInput?.(item);
      if (quick !== undefined) return void inputs.push(quick);
      const result = itemSchema.validate(batch.fieldsOf(item));
      if (!result.error) inputs.push(result.value as Input);
      else for (const detail of result.error.details) errors.push(itemError(batch, index, detail));
    });
    if (errors.length > 0) throw unprocessable(errors);
    return { items, inputs };
  };
}

/** A Joi problem of one item, named for its place in the list: `"url" must be a string` → `"urls[3]" must be a string`. */
function itemError<Input>(batch: BatchItems<Input>, index: number, detail: Joi.ValidationErrorItem): FieldError {
  const inner = fieldOf(detail);
  // An item that is no object at all ("value" must be of type object) is about the item itself.
  const field = batch.fieldOf(index, detail.type === 'object.base' && detail.path.length === 0 ? undefined : inner);
  const quoted = `"${inner}"`;
  const message = detail.message.startsWith(quoted)
    ? `"${field}"${detail.message.slice(quoted.length)}`
    : `"${field}": ${detail.message}`;
  return { field, message };
}
