import type { Request } from 'express';
import type Joi from 'joi';
import typeis from 'type-is';
import { ApiError, type FieldError } from './api-error';

/**
 * Validates `value` against a Joi schema and returns the checked, converted value. Every problem is
 * reported at once as a 422 naming the field.
 */
export function validated<T>(schema: Joi.Schema, value: unknown): T {
  const result = schema.validate(value, { abortEarly: false, convert: true });
  if (result.error) throw unprocessable(result.error.details.map((d) => ({ field: fieldOf(d), message: d.message })));
  return result.value as T;
}

/** The 422 naming every field in `errors`, its detail their messages. */
export function unprocessable(errors: FieldError[]): ApiError {
  return new ApiError(422, errors.map((e) => e.message).join('; '), { errors });
}

/** The field a Joi problem is about; object-level checks name it only in their message ("social_username" …). */
export function fieldOf(detail: Joi.ValidationErrorItem): string {
  if (detail.path.length) return detail.path.join('.');
  return /^"([^"]+)"/.exec(detail.message)?.[1] ?? String(detail.context?.label ?? '');
}

const FORM_TYPE = ['application/x-www-form-urlencoded'];

/** Why a field's value cannot be taken as given, if it cannot. */
function ambiguity(req: Request, fromQuery: unknown, fromBody: unknown): string | undefined {
  if (Array.isArray(fromQuery)) return 'more than once in the query';
  // A JSON list is left to the schema ("must be a string"); a repeated form field is the same mistake as in the query.
  if (Array.isArray(fromBody) && typeis(req, FORM_TYPE)) return 'more than once in the form body';
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
    return 'in both the query and the body with different values';
  }
  return undefined;
}

/**
 * The named request fields, each from the body (JSON or form) or the query string: either place, neither
 * overriding the other. A field given in both with different values, or more than once in the query or a
 * form body, is a 422 naming it (every such field at once). The query string is parsed once, here.
 */
export function fieldsFrom<Name extends string>(req: Request, names: readonly Name[]): Record<Name, unknown> {
  const body = req.body !== null && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : undefined;
  const query = req.query as Record<string, unknown>;
  const fields = {} as Record<Name, unknown>;
  let errors: FieldError[] | undefined;
  for (const name of names) {
    const fromQuery = query[name];
    const fromBody = body?.[name];
    const problem = ambiguity(req, fromQuery, fromBody);
    if (problem) (errors ??= []).push({ field: name, message: `"${name}" is given ${problem}` });
    fields[name] = fromBody !== undefined ? fromBody : fromQuery;
  }
  if (errors) throw new ApiError(422, errors.map((e) => e.message).join('; '), { errors });
  return fields;
}
