import Joi from 'joi';
import { canonicalizeUrl, InvalidUrlError, MAX_URL_LENGTH } from '../url/canonical-url';
import { InvalidHandleError, LOOKUP_SOCIAL_TYPES, lookupHandleKey, resolveSocialType } from '../social/social-handle';
import { ACCOUNT_LOOKUP_TYPES, accountLookupKey, isAccountLookupType, type LookupType } from '../social/account-lookup';

/** Every social_type a lookup takes: the networks (and their aliases), then the accounts found by their claims. */
const LOOKUP_TYPES: readonly string[] = [...LOOKUP_SOCIAL_TYPES, ...ACCOUNT_LOOKUP_TYPES];

/** The input of a lookup of this type and username; throws InvalidHandleError for a username no lookup can take. */
function journalistInput(typeName: string, username: string): VerifyJournalistInput {
  if (isAccountLookupType(typeName)) return { socialType: typeName, handleKey: accountLookupKey(typeName, username) };
  const socialType = resolveSocialType(typeName)!;
  return { socialType, handleKey: lookupHandleKey(socialType, username) };
}

export interface VerifyArticleInput {
  url: string;
  canonicalUrl: string;
}

export interface VerifyJournalistInput {
  socialType: LookupType;
  /** null: no handle of that network can look like the username given, so it is no journalist's (no lookup). */
  handleKey: string | null;
}

/** Canonicalises once, in the object step, so the use case gets the lookup key without a second pass. */
export const verifyArticleSchema = Joi.object({
  url: Joi.string().trim().max(MAX_URL_LENGTH).required(),
})
  .unknown(true)
  .custom((value: { url: string }, helpers) => {
    try {
      return { url: value.url, canonicalUrl: canonicalizeUrl(value.url) };
    } catch (error) {
      if (error instanceof InvalidUrlError) return helpers.message({ custom: `"url" ${error.message}` });
      throw error;
    }
  });

/**
 * verifyArticleSchema's input for a URL it accepts, without Joi, or undefined for anything else (not a string, empty
 * once trimmed, too long, no address that canonicalises), which the schema then judges and words. What a batch checks
 * each of its addresses with first: Joi's own steps for one address cost more than its canonicalisation. It trims and
 * measures as Joi does (String.prototype.trim, length in UTF-16 units), and a test holds the two to the same inputs.
 */
export function quickArticleInput(url: unknown): VerifyArticleInput | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return undefined;
  try {
    return { url: trimmed, canonicalUrl: canonicalizeUrl(trimmed) };
  } catch {
    return undefined;
  }
}

/** The longest username a lookup takes (verifyJournalistSchema's max). */
const MAX_USERNAME_LENGTH = 256;

/**
 * verifyJournalistSchema's input for fields it accepts, without Joi, or undefined for anything else (a field missing or
 * not a string, an empty or too long username, a network no lookup knows, a username no handle can be), which the
 * schema then judges and words. Trims, lower-cases and measures as Joi does; a test holds the two to the same inputs.
 */
export function quickJournalistInput(fields: {
  social_username?: unknown;
  social_type?: unknown;
}): VerifyJournalistInput | undefined {
  const { social_username: username, social_type: type } = fields;
  if (typeof username !== 'string' || typeof type !== 'string') return undefined;
  const name = username.trim();
  const typeName = type.trim().toLowerCase();
  if (name.length === 0 || name.length > MAX_USERNAME_LENGTH || !LOOKUP_TYPES.includes(typeName)) return undefined;
  try {
    return journalistInput(typeName, name);
  } catch {
    return undefined;
  }
}

export const verifyJournalistSchema = Joi.object({
  social_username: Joi.string().trim().max(MAX_USERNAME_LENGTH).required(),
  social_type: Joi.string()
    .trim()
    .lowercase()
    .valid(...LOOKUP_TYPES)
    .required(),
})
  .unknown(true)
  .custom((value: { social_username: string; social_type: string }, helpers) => {
    try {
      return journalistInput(value.social_type, value.social_username);
    } catch (error) {
      if (error instanceof InvalidHandleError) {
        return helpers.message({ custom: `"social_username" ${error.message}` });
      }
      throw error;
    }
  });
