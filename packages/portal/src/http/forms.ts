import type Joi from 'joi';
import { PLAIN_MESSAGES } from '@byline/domain/validation/plain-messages';
import type { FieldErrors } from '../views/forms';

export interface FormResult<T> {
  value: T;
  errors: FieldErrors;
  ok: boolean;
}

/** Validates a form body; each problem is keyed by its field so the page can show it next to the field. */
export function validateForm<T>(schema: Joi.ObjectSchema, body: unknown): FormResult<T> {
  const { value, error } = schema.validate(body ?? {}, {
    abortEarly: false,
    stripUnknown: true,
    convert: true,
    errors: { wrap: { label: false } },
    // What a person reads next to the field: plain words where the schema gives none of its own.
    messages: PLAIN_MESSAGES,
  });
  const errors: FieldErrors = {};
  for (const detail of error?.details ?? []) {
    const key = detail.path.join('.');
    errors[key] ??= detail.message;
  }
  return { value: value as T, errors, ok: !error };
}
