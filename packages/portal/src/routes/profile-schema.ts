import Joi from 'joi';
import { nameRule } from '@byline/domain/validation/name-rule';
import { plainTextRule, type TextKind } from '@byline/domain/validation/plain-text';
import { socialHandleRule } from '@byline/domain/validation/joi-rules';
import { SOCIAL_TYPES, type SocialType } from '@byline/domain/domain/types';

const text = (label: string, max: number, kind: TextKind) =>
  Joi.string().trim().allow('').max(max).default('').label(label).custom(plainTextRule(kind));
/** One line a person types (a name, a title, an address): trimmed, no control characters or text-direction overrides. */
export const line = (label: string, max: number) => text(label, max, 'line');
/** A biography or description: its line breaks and tabs are kept, other control characters refused. */
export const prose = (label: string, max: number) => text(label, max, 'prose');

export const SOCIAL_LABELS: Record<SocialType, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

const handle = (type: SocialType) => {
  const subject = `This ${SOCIAL_LABELS[type]} handle`;
  return line(subject, 256).custom(socialHandleRule(type, subject, 'current'));
};

/** An address a person can open: no user name or password (`https://user:pass@…`), which browsers refuse or hide. */
export const withoutCredentials =
  (subject: string): Joi.CustomValidator<string> =>
  (value, helpers) =>
    hasCredentials(value)
      ? helpers.message({ custom: `${subject} must not hold a user name or password (user:password@)` })
      : value;

export function hasCredentials(address: string): boolean {
  try {
    const url = new URL(address);
    return Boolean(url.username || url.password);
  } catch {
    return false; // not an address at all: another rule says so
  }
}

export const httpAddress = (label: string) =>
  line(label, 2048)
    .uri({ scheme: ['http', 'https'] })
    .custom(withoutCredentials(label))
    .messages({
      'string.uri': `${label} must be an address starting with http:// or https://`,
      'string.uriCustomScheme': `${label} must be an address starting with http:// or https://`,
    });

export const profileFormSchema = Joi.object({
  profile_first_name: Joi.string()
    .trim()
    .max(200)
    .required()
    .label('First name')
    .custom(plainTextRule('line'))
    .custom(nameRule())
    .messages({ 'string.empty': 'Enter your first name', 'any.required': 'Enter your first name' }),
  profile_last_name: line('Last name', 200).custom(nameRule()),
  profile_title: line('Title', 300),
  profile_bio: prose('Biography', 20_000),
  profile_employer: line('Employer', 300),
  profile_residing: line('Residing in', 300),
  profile_image: httpAddress('The image address'),
  ...Object.fromEntries(SOCIAL_TYPES.map((type) => [type, handle(type)])),
  user_location: Joi.string()
    .trim()
    .uppercase()
    .allow('')
    .pattern(/^[A-Z]{2}$/)
    .default('')
    .messages({ 'string.pattern.base': 'Use a two-letter country code such as IE or GB' }),
  user_city: line('City', 200),
});
