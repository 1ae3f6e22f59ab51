import Joi from 'joi';
import { socialHandleRule, SOCIAL_TYPES, type SocialType } from '@byline/shared';

const text = (max: number) => Joi.string().trim().allow('').max(max).default('');

export const SOCIAL_LABELS: Record<SocialType, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

const handle = (type: SocialType) => text(256).custom(socialHandleRule(type, `This ${SOCIAL_LABELS[type]} handle`, 'current'));

export const httpAddress = (label: string) =>
  text(2048)
    .uri({ scheme: ['http', 'https'] })
    .messages({
      'string.uri': `${label} must be an address starting with http:// or https://`,
      'string.uriCustomScheme': `${label} must be an address starting with http:// or https://`,
    });

export const profileFormSchema = Joi.object({
  profile_first_name: Joi.string()
    .trim()
    .max(200)
    .required()
    .messages({ 'string.empty': 'Enter your first name', 'any.required': 'Enter your first name' }),
  profile_last_name: text(200),
  profile_title: text(300),
  profile_bio: text(20_000),
  profile_employer: text(300),
  profile_residing: text(300),
  profile_image: httpAddress('The image address'),
  ...Object.fromEntries(SOCIAL_TYPES.map((type) => [type, handle(type)])),
  user_location: Joi.string()
    .trim()
    .uppercase()
    .allow('')
    .pattern(/^[A-Z]{2}$/)
    .default('')
    .messages({ 'string.pattern.base': 'Use a two-letter country code such as IE or GB' }),
  user_city: text(200),
});
