import Joi from 'joi';
import { MAX_URL_LENGTH } from '../url/canonical-url';
import { canonicalUrlRule, isoTimestampRule, socialHandleRule } from './joi-rules';
import { plainTextRule } from './plain-text';
import { SOCIAL_TYPES, type ProfileInput, type SocialType } from '../domain/types';

const text = (max: number) => Joi.string().allow('').max(max).default('');
/** A name, a title, an address: no control characters or text-direction overrides (see plainTextRule). */
const line = (max: number) => text(max).custom(plainTextRule('line'));
/** A biography or description: the same, but line breaks and tabs are kept. */
const prose = (max: number) => text(max).custom(plainTextRule('prose'));
/** An ISO 8601 timestamp, normalised to UTC with milliseconds (as Joi's isoDate converts). */
const timestamp = () => Joi.string().custom(isoTimestampRule);

const articleLink = Joi.string()
  .max(MAX_URL_LENGTH)
  .required()
  .custom(plainTextRule('line'))
  .custom(canonicalUrlRule('{{#label}}'));

// An operator's import: handles the networks gave out under older rules are accepted (see HandleRule).
const socialHandle = (type: SocialType) => line(256).custom(socialHandleRule(type, '{{#label}}', 'known'));

export const articleRecordSchema = Joi.object({
  id: Joi.any().strip(),
  profile_id: Joi.any().strip(),
  title: Joi.string().max(1000).required().custom(plainTextRule('line')),
  description: prose(20_000),
  link: articleLink,
  created_at: timestamp(),
  updated_at: timestamp(),
  og_image: line(MAX_URL_LENGTH),
  icon_path: line(MAX_URL_LENGTH),
  published_at: timestamp().required(),
  post_id: Joi.alternatives(Joi.string().max(256), Joi.number().integer()).allow(null).default(null),
  feature: Joi.boolean().default(false),
  lg_index: Joi.string().allow('').max(256).allow(null).default(null),
  tag_list: Joi.array()
    .items(Joi.string().max(200).custom(plainTextRule('line')))
    .max(100)
    .default([]),
  active: Joi.boolean().default(true),
  search_visible: Joi.boolean().default(true),
  author_name: Joi.string().allow('').max(500).custom(plainTextRule('line')).allow(null).default(null),
});

export const profileRecordSchema = Joi.object({
  id: Joi.any().strip(),
  article_count: Joi.any().strip(),
  verified: Joi.boolean().default(false),
  profile_first_name: Joi.string().max(200).required().custom(plainTextRule('line')),
  profile_last_name: line(200),
  profile_title: line(300),
  profile_created_at: timestamp(),
  profile_bio: prose(20_000),
  // The contract: the employer may carry trailing whitespace (kept as given).
  profile_employer: text(300).custom(plainTextRule('line', { trailingWhitespace: true })),
  profile_residing: line(300),
  profile_slug: Joi.string()
    .pattern(/^[A-Za-z0-9][A-Za-z0-9._~-]*$/, 'URL-safe')
    .max(200)
    .required(),
  profile_image: line(MAX_URL_LENGTH),
  profile_social_profiles: Joi.object(Object.fromEntries(SOCIAL_TYPES.map((type) => [type, socialHandle(type)]))).default({}),
  user_location: line(100),
  user_city: line(200),
  follower_count: Joi.number().integer().min(0).default(0),
  articles: Joi.array().items(articleRecordSchema).default([]),
});

export type RecordValidation = { value: ProfileInput; error?: undefined } | { value?: undefined; error: string };

/**
 * Validates one import record and fills defaults: missing timestamps become `now`, missing social
 * networks become "", so every stored profile has the full field set.
 */
export function validateProfileRecord(input: unknown, now = new Date().toISOString()): RecordValidation {
  const { value, error } = profileRecordSchema.validate(input, { abortEarly: false, convert: true });
  if (error) return { error: error.details.map((d) => d.message).join('; ') };
  const record = value as ProfileInput;
  record.profile_created_at ??= now;
  for (const type of SOCIAL_TYPES) record.profile_social_profiles[type] ??= '';
  for (const article of record.articles) {
    article.created_at ??= now;
    article.updated_at ??= article.created_at;
  }
  return { value: record };
}
