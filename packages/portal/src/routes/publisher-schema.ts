import Joi from 'joi';
import { nameRule } from '@byline/domain/validation/name-rule';
import { plainTextRule, UNSAFE_CHARACTER_REASON, unsafeCharacterIn } from '@byline/domain/validation/plain-text';
import { InvalidAttributionDomainError, normaliseAttributionDomain } from '@byline/editorial/authorship/attribution-domains';
import { line, withoutCredentials } from './profile-schema';

/** A new publisher: its name (the slug is made from it) and, if it has one, the https address of its logo. */
export const newPublisherSchema = Joi.object({
  name: Joi.string().trim().max(200).required().label('The name').custom(plainTextRule('line')).custom(nameRule()).messages({
    'string.empty': 'The name is required: the outlet’s name as readers know it.',
    'any.required': 'The name is required: the outlet’s name as readers know it.',
    'string.max': 'The name takes up to 200 characters.',
  }),
  // https only: the logo is shown on https pages, and an http image there is blocked or warned about.
  logo_url: line('The logo address', 2048)
    .uri({ scheme: ['https'] })
    .custom(withoutCredentials('The logo address'))
    .messages({
      'string.uri': 'The logo address must be an address starting with https://',
      'string.uriCustomScheme': 'The logo address must be an address starting with https://',
    }),
});

/** What DNS allows a whole name (RFC 1035: 255 octets on the wire, 253 characters written out). */
const MAX_DOMAIN_LENGTH = 253;

/**
 * A domain to prove, normalised as attribution domains are (lower case, punycode, no trailing dot; a bare host or an
 * https address of a site's root); a public suffix, a path or an IP address is refused with the field named.
 */
export const newDomainSchema = Joi.object({
  domain: Joi.string()
    .trim()
    .max(MAX_DOMAIN_LENGTH)
    .required()
    .custom((value: string, helpers) => {
      const character = unsafeCharacterIn(value);
      if (character) return helpers.error('domain.character', { character });
      try {
        return normaliseAttributionDomain(value);
      } catch (error) {
        if (!(error instanceof InvalidAttributionDomainError)) throw error;
        return helpers.error('domain.invalid', { shown: value, why: error.message });
      }
    })
    .messages({
      'string.empty': 'The domain is required: the outlet’s domain, like example.com.',
      'any.required': 'The domain is required: the outlet’s domain, like example.com.',
      'string.max': `A domain has at most ${MAX_DOMAIN_LENGTH} characters.`,
      'domain.invalid': '{#shown} {#why}.',
      'domain.character': `The domain must not contain {#character} (${UNSAFE_CHARACTER_REASON}).`,
    }),
});

const slug = Joi.string()
  .pattern(/^[a-z0-9-]{1,80}$/)
  .required();
/** A domain as stored (normalised): anything else in the address is no domain of the publisher. */
const domain = Joi.string()
  .pattern(/^[a-z0-9_.-]{1,253}$/)
  .required();
export const publisherParamsSchema = Joi.object({ slug });
export const publisherDomainParamsSchema = Joi.object({ slug, domain });
