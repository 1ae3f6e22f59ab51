import Joi from 'joi';
import { canonicalizeUrl, InvalidUrlError } from '@byline/domain/url/canonical-url';
import { normaliseFediverseAccount } from '@byline/domain/social/fediverse-account';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { UNSAFE_CHARACTER_REASON, unsafeCharacterIn } from '@byline/domain/validation/plain-text';
import { hasCredentials } from '../routes/profile-schema';

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
 * The profile form's websites field: one http(s) address per line, at most MAX_WEBSITES, each one a person can open
 * (no user name or password, no control or text-direction characters: see plainTextRule). The value stays
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
      const character = unsafeCharacterIn(line);
      // Before the address is parsed: the parser would drop some of these, keeping what is not what was typed.
      if (character) return helpers.error('websites.character', { character });
      const url = /^https?:\/\//i.test(line) ? line : null;
      try {
        if (!url) throw new InvalidUrlError('not http(s)');
        canonicalizeUrl(url);
      } catch (error) {
        if (error instanceof InvalidUrlError) return helpers.error('websites.address', { line });
        throw error;
      }
      if (hasCredentials(line)) return helpers.error('websites.credentials');
    }
    return lines.join('\n');
  })
  .messages({
    'websites.tooMany': `List at most ${MAX_WEBSITES} websites`,
    'websites.address': 'Each website must be an address starting with http:// or https:// ({#line} is not)',
    'websites.character': `Websites must not contain {#character} (${UNSAFE_CHARACTER_REASON})`,
    'websites.credentials': 'Each website must be an address people can open, without a user name or password (user:password@)',
    'string.max': `List at most ${MAX_WEBSITES} websites`,
  });

export const MAX_FEDIVERSE_ACCOUNTS = 5;

/**
 * The profile form's fediverse accounts field: one `@user@host` a line, at most MAX_FEDIVERSE_ACCOUNTS, each one
 * an account a server could have (normaliseFediverseAccount). Stays text, one account a line, as websitesField.
 */
export const fediverseField = Joi.string()
  .allow('')
  .max(MAX_FEDIVERSE_ACCOUNTS * 300)
  .default('')
  .custom((text: string, helpers) => {
    const lines = websiteLines(text);
    if (lines.length > MAX_FEDIVERSE_ACCOUNTS) return helpers.error('fediverse.tooMany');
    for (const line of lines) {
      const character = unsafeCharacterIn(line);
      if (character) return helpers.error('fediverse.character', { character });
      if (!normaliseFediverseAccount(line)) return helpers.error('fediverse.account', { line });
    }
    return lines.join('\n');
  })
  .messages({
    'fediverse.tooMany': `List at most ${MAX_FEDIVERSE_ACCOUNTS} fediverse accounts`,
    'fediverse.account': 'Each fediverse account must be written @name@server, such as @aoife@mastodon.social ({#line} is not)',
    'fediverse.character': `Fediverse accounts must not contain {#character} (${UNSAFE_CHARACTER_REASON})`,
    'string.max': `List at most ${MAX_FEDIVERSE_ACCOUNTS} fediverse accounts`,
  });
