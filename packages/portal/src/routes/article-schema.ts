import Joi from 'joi';
import { canonicalUrlRule, MAX_URL_LENGTH } from '@byline/shared';
import { httpAddress } from './profile-schema';

export const articleAddress = Joi.string()
  .trim()
  .max(MAX_URL_LENGTH)
  .required()
  .custom(canonicalUrlRule('The article address'))
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
    .messages({ 'string.empty': 'Enter the headline', 'any.required': 'Enter the headline' }),
  description: Joi.string().trim().allow('').max(20_000).default(''),
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
  tags: Joi.string().trim().allow('').max(5000).default(''),
  active: Joi.any().custom((value) => value === 'on'),
});
