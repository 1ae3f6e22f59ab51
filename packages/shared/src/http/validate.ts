import type { Request } from 'express';
import type Joi from 'joi';
import { ApiError } from './api-error';

/**
 * Validates `value` against a Joi schema and returns the checked, converted value. Every problem is
 * reported at once as a 422 naming the field.
 */
export function validated<T>(schema: Joi.Schema, value: unknown): T {
  const result = schema.validate(value, { abortEarly: false, convert: true });
  if (result.error) {
    const errors = result.error.details.map((d) => ({ field: fieldOf(d), message: d.message }));
    throw new ApiError(422, errors.map((e) => e.message).join('; '), { errors });
  }
  return result.value as T;
}

/** The field a Joi problem is about; object-level checks name it only in their message ("social_username" …). */
function fieldOf(detail: Joi.ValidationErrorItem): string {
  if (detail.path.length) return detail.path.join('.');
  return /^"([^"]+)"/.exec(detail.message)?.[1] ?? String(detail.context?.label ?? '');
}

/** A request field from the body (JSON or form) or, failing that, the query string. */
export function fieldFrom(req: Request, name: string): unknown {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && body[name] !== undefined) return body[name];
  return (req.query as Record<string, unknown>)[name];
}
