import Joi from 'joi';
import { canonicalUrlRule } from '@byline/domain/validation/joi-rules';
import { MAX_URL_LENGTH, withoutTrackingParams } from '@byline/domain/url/canonical-url';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { httpAddress, line, prose, withoutCredentials } from './profile-schema';

export const articleAddress = Joi.string()
  .trim()
  .max(MAX_URL_LENGTH)
  .required()
  .label('The article address')
  .custom(plainTextRule('line'))
  .custom(canonicalUrlRule('The article address'))
  .custom(withoutCredentials('The article address'))
  // Stored without the parameters that only track a click (the lookups' canonical form drops the same ones).
  .custom((value: string) => withoutTrackingParams(value))
  .messages({ 'string.empty': 'Paste the article’s address', 'any.required': 'Paste the article’s address' });

/** Accepts "2024-05-01", "2024-05-01 08:30" or full ISO 8601; a time without zone is UTC. */
function normalizeDate(value: string): string {
  let text = value.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text += 'Z';
  return text;
}

export const articleFormSchema = Joi.object({
  link: articleAddress,
  title: Joi.string()
    .trim()
    .max(1000)
    .required()
    .label('The headline')
    .custom(plainTextRule('line'))
    .messages({ 'string.empty': 'Enter the headline', 'any.required': 'Enter the headline' }),
  description: prose('The description', 20_000),
  og_image: httpAddress('The image address'),
  icon_path: httpAddress('The icon address'),
  published_at: Joi.string()
    .trim()
    .required()
    .custom((value: string, helpers) => {
      const date = new Date(normalizeDate(value));
      return Number.isNaN(date.getTime()) ? helpers.error('date.base') : date.toISOString();
    })
    .messages({
      'string.empty': 'Enter the publication date',
      'any.required': 'Enter the publication date',
      'date.base': 'Use a date such as 2024-05-01 or 2024-05-01 08:30',
    }),
  tags: line('Tags', 5000),
  active: Joi.any().custom((value) => value === 'on'),
});
