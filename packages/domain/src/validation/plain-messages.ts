import type { LanguageMessages } from 'joi';

/**
 * Joi's default messages in plain words, for what people type into forms: "The title takes up to 200 characters."
 * rather than Joi's "The title length must be less than or equal to 200 characters long". A schema's own
 * `.messages()` still wins; these are the fallbacks (pass them as the `messages` option, with the label unwrapped).
 */
export const PLAIN_MESSAGES: LanguageMessages = {
  'any.required': '{{#label}} is required.',
  'any.only': '{{#label}} must be one of the choices offered.',
  'any.invalid': '{{#label}} cannot be that value.',
  'string.base': '{{#label}} must be text.',
  'string.empty': '{{#label}} is required.',
  'string.max': '{{#label}} takes up to {{#limit}} characters.',
  'string.min': '{{#label}} needs at least {{#limit}} characters.',
  'string.length': '{{#label}} must be exactly {{#limit}} characters.',
  'string.email': '{{#label}} must be an email address.',
  'string.uri': '{{#label}} must be a full web address (https://…).',
  'string.uriCustomScheme': '{{#label}} must be a full web address (https://…).',
  'string.pattern.base': '{{#label}} is not in the form expected.',
  'string.isoDate': '{{#label}} must be a date.',
  'number.base': '{{#label}} must be a number.',
  'number.integer': '{{#label}} must be a whole number.',
  'number.min': '{{#label}} must be at least {{#limit}}.',
  'number.max': '{{#label}} must be at most {{#limit}}.',
  'array.max': '{{#label}} takes up to {{#limit}} entries.',
  'boolean.base': '{{#label}} must be yes or no.',
};
