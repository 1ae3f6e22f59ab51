import Joi, { type CustomValidator } from 'joi';
import type { SocialType } from '../domain/types';
import { InvalidHandleError, normalizeHandle, type HandleRule } from '../social/social-handle';
import { canonicalizeUrl, InvalidUrlError } from '../url/canonical-url';

/**
 * Joi custom rules shared by the API, the import format and the portal's forms. `subject` starts the
 * message, e.g. '{{#label}}' or 'The article address'; the reason follows ("must be an absolute http(s) address").
 */
export function canonicalUrlRule(subject: string): CustomValidator<string> {
  return (value, helpers) => {
    try {
      canonicalizeUrl(value);
      return value.trim();
    } catch (error) {
      if (error instanceof InvalidUrlError) return helpers.message({ custom: `${subject} ${error.message}` });
      throw error;
    }
  };
}

/**
 * An empty value passes (the network is not listed); otherwise it must name a username the network allows,
 * and becomes the form every store keeps (see normalizeHandle: a profile address reduced to the username).
 */
export function socialHandleRule(type: SocialType, subject: string, rule: HandleRule): CustomValidator<string> {
  return (value, helpers) => {
    if (!value) return value;
    try {
      return normalizeHandle(type, value, rule);
    } catch (error) {
      if (error instanceof InvalidHandleError) return helpers.message({ custom: `${subject} ${error.message}` });
      throw error;
    }
  };
}

/** The form Joi's isoDate converts every timestamp to: UTC with milliseconds. */
const NORMALISED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const anyIsoDate = Joi.string().isoDate();

/**
 * Joi's isoDate, converting to UTC with milliseconds, with a fast path for a timestamp already in that
 * form (nearly every one in an export): isoDate's pattern costs about a tenth of a large import.
 */
export const isoTimestampRule: CustomValidator<string> = (value, helpers) => {
  if (NORMALISED_TIMESTAMP.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time) && new Date(time).toISOString() === value) return value;
  }
  const { value: converted, error } = anyIsoDate.validate(value);
  return error ? helpers.error('string.isoDate') : (converted as string);
};
