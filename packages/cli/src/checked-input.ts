import Joi from 'joi';
import { normalizeEmail } from '@byline/shared';
import { CliError } from './cli-context';

const emailSchema = Joi.string()
  .trim()
  .email({ tlds: { allow: false } })
  .max(320)
  .required();

/** The value as the message quotes it: JSON escapes control characters; text-direction overrides are escaped too. */
export const quoted = (value: unknown) =>
  JSON.stringify(value).replace(/[\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Validates a command-line value; a bad one is a CliError naming what was wrong. */
export function checked<T>(schema: Joi.Schema, value: unknown, what: string): T {
  const { value: clean, error } = schema.validate(value);
  if (error) throw new CliError(`Invalid ${what} ${quoted(value)}: ${error.message.replace(/^"value" /, '')}`);
  return clean as T;
}

export const validEmail = (email: unknown): string => normalizeEmail(checked<string>(emailSchema, email, 'email'));
