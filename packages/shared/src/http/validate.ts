import type { Request, RequestHandler } from 'express';
import type Joi from 'joi';
import { ApiError } from './api-error';

/**
 * Validates what `pick` takes from the request against a Joi schema. Every problem is reported at once
 * as a 422 naming the field; the checked, converted value is left in `res.locals.input`.
 */
export function validate(schema: Joi.Schema, pick: (req: Request) => unknown): RequestHandler {
  return (req, res, next) => {
    const { value, error } = schema.validate(pick(req), { abortEarly: false, convert: true });
    if (error) {
      const errors = error.details.map((d) => ({ field: fieldOf(d), message: d.message }));
      const detail = errors.map((e) => e.message).join('; ');
      next(new ApiError(422, detail, { errors }));
      return;
    }
    res.locals.input = value;
    next();
  };
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
