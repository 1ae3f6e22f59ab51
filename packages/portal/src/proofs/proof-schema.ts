import Joi from 'joi';
import { canonicalizeUrl, InvalidUrlError, SOCIAL_TYPES } from '@byline/shared';

export const MAX_WEBSITES = 5;

export const networkParamsSchema = Joi.object({
  network: Joi.string()
    .valid(...SOCIAL_TYPES)
    .required(),
});

export const websiteCheckParamsSchema = Joi.object({
  claimId: Joi.number()
    .integer()
    .min(1)
    .max(2 ** 53)
    .required(),
});

/** The provider's redirect back: `state` always; `code`, or `error` when the sign-in did not happen. */
export const callbackQuerySchema = Joi.object({
  state: Joi.string().max(1024).required(),
  code: Joi.string().max(4096),
  error: Joi.string().max(256),
}).unknown(true);

/** The lines of the websites field, trimmed, blank lines and repeats dropped. */
export const websiteLines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/**
 * The profile form's websites field: one http(s) address per line, at most MAX_WEBSITES. The value stays
 * text (the form shows it back as typed, one address a line); websiteLines gives the list.
 */
export const websitesField = Joi.string()
  .allow('')
  .max(MAX_WEBSITES * 2100)
  .default('')
  .custom((text: string, helpers) => {
    const lines = websiteLines(text);
    if (lines.length > MAX_WEBSITES) return helpers.error('websites.tooMany');
    for (const line of lines) {
      const url = /^https?:\/\//i.test(line) ? line : null;
      try {
        if (!url) throw new InvalidUrlError('not http(s)');
        canonicalizeUrl(url);
      } catch (error) {
        if (error instanceof InvalidUrlError) return helpers.error('websites.address', { line });
        throw error;
      }
    }
    return lines.join('\n');
  })
  .messages({
    'websites.tooMany': `List at most ${MAX_WEBSITES} websites`,
    'websites.address': 'Each website must be an address starting with http:// or https:// ({#line} is not)',
    'string.max': `List at most ${MAX_WEBSITES} websites`,
  });
