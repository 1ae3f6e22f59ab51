import Joi from 'joi';
import { canonicalizeUrl, InvalidUrlError } from '@byline/domain/url/canonical-url';
import { normaliseFediverseAccount } from '@byline/domain/social/fediverse-account';
import { parseBlueskyAccount } from '@byline/domain/social/bluesky-account';
import { BLUESKY_FIELD_MESSAGE } from '../use-cases/bluesky-account';
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

/** What a field of one entry a line is called in its messages, and what it holds at most. */
interface LineListField {
  /** The prefix of its error codes: `websites` gives `websites.tooMany`. */
  code: string;
  /** What its entries are called, with a capital: "Websites". */
  entries: string;
  most: number;
  /** The longest a line may be, bounding the text before it is split. */
  lineLength: number;
}

/**
 * A field of one entry a line, at most `most`, none with a control or text-direction character (see
 * plainTextRule; checked before the entry is read, since a parser would drop some of them, keeping what is not
 * what was typed) and each one that `refusal` passes: it names the error code of a refused line. The value stays
 * text (the form shows it back as typed, one entry a line); websiteLines gives the list.
 */
function lineListField(
  { code, entries, most, lineLength }: LineListField,
  refusal: (line: string) => string | undefined,
  messages: Record<string, string>,
) {
  const tooMany = `List at most ${most} ${entries.toLowerCase()}`;
  return Joi.string()
    .allow('')
    .max(most * lineLength)
    .default('')
    .custom((text: string, helpers) => {
      const lines = websiteLines(text);
      if (lines.length > most) return helpers.error(`${code}.tooMany`);
      for (const line of lines) {
        const character = unsafeCharacterIn(line);
        if (character) return helpers.error(`${code}.character`, { character });
        const refused = refusal(line);
        if (refused) return helpers.error(`${code}.${refused}`, { line });
      }
      return lines.join('\n');
    })
    .messages({
      [`${code}.tooMany`]: tooMany,
      [`${code}.character`]: `${entries} must not contain {#character} (${UNSAFE_CHARACTER_REASON})`,
      'string.max': tooMany,
      ...messages,
    });
}

/** Why a line of the websites field is refused: not an http(s) address, or one with a user name or password. */
function websiteRefusal(line: string): string | undefined {
  try {
    if (!/^https?:\/\//i.test(line)) throw new InvalidUrlError('not http(s)');
    canonicalizeUrl(line);
  } catch (error) {
    if (error instanceof InvalidUrlError) return 'address';
    throw error;
  }
  return hasCredentials(line) ? 'credentials' : undefined;
}

/**
 * The profile form's websites field: one http(s) address per line, at most MAX_WEBSITES, each one a person can open
 * (no user name or password).
 */
export const websitesField = lineListField(
  { code: 'websites', entries: 'Websites', most: MAX_WEBSITES, lineLength: 2100 },
  websiteRefusal,
  {
    'websites.address': 'Each website must be an address starting with http:// or https:// ({#line} is not)',
    'websites.credentials': 'Each website must be an address people can open, without a user name or password (user:password@)',
  },
);

export const MAX_FEDIVERSE_ACCOUNTS = 5;

/**
 * The profile form's fediverse accounts field: one `@user@host` a line, at most MAX_FEDIVERSE_ACCOUNTS, each one
 * an account a server could have (normaliseFediverseAccount).
 */
export const fediverseField = lineListField(
  { code: 'fediverse', entries: 'Fediverse accounts', most: MAX_FEDIVERSE_ACCOUNTS, lineLength: 300 },
  (line) => (normaliseFediverseAccount(line) ? undefined : 'account'),
  {
    'fediverse.account': 'Each fediverse account must be written @name@server, such as @aoife@mastodon.social ({#line} is not)',
  },
);

/**
 * The profile form's Bluesky account: a handle (`name.bsky.social`, a domain handle, `@` optional) or a DID; empty
 * for none. Only its form is checked here; whether it names an account is asked of Bluesky when the form is saved.
 */
export const blueskyField = Joi.string()
  .trim()
  .allow('')
  .max(300)
  .default('')
  .custom((value: string, helpers) => {
    if (!value) return value;
    try {
      parseBlueskyAccount(value);
      return value;
    } catch {
      return helpers.error('bluesky.account');
    }
  })
  .messages({ 'bluesky.account': BLUESKY_FIELD_MESSAGE, 'string.max': BLUESKY_FIELD_MESSAGE });
