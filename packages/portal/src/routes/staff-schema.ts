import Joi from 'joi';
import type { InviteeInput } from '../use-cases/staff';
import { line } from './profile-schema';

// Shown under "Invite a journalist": the field is named by its label, not by its name in the form.
const INVITEE_REQUIRED = 'Give the journalist’s email address, or their profile’s slug (the end of /j/…).';

/**
 * Whom to invite: an email address (anything with an @), or a profile's slug, as typed or as its public address
 * /j/SLUG; either is refused naming the field when it cannot be one.
 */
export const inviteSchema = Joi.object({
  invitee: Joi.string()
    .trim()
    .max(254)
    .required()
    .custom((value: string, helpers): InviteeInput => {
      if (value.includes('@')) {
        const { error } = Joi.string().email({ tlds: false }).validate(value);
        if (error) return helpers.error('invitee.email', { shown: value }) as never;
        return { email: value.toLowerCase() };
      }
      const slug = /(?:^|\/j\/)([a-z0-9-]{1,80})\/?$/.exec(value.toLowerCase())?.[1];
      if (!slug) return helpers.error('invitee.slug', { shown: value }) as never;
      return { slug };
    })
    .messages({
      'string.empty': INVITEE_REQUIRED,
      'any.required': INVITEE_REQUIRED,
      'string.max': 'An email address or a profile slug takes up to 254 characters.',
      'invitee.email': '{#shown} is not an email address.',
      'invitee.slug': '{#shown} is neither an email address nor a profile slug (letters, digits and hyphens).',
    }),
});

/** Why an affiliation ends: optional, kept with it. */
export const endSchema = Joi.object({
  reason: line('The reason', 500),
  confirm: Joi.string().allow(''),
});

export const affiliationParamsSchema = Joi.object({
  slug: Joi.string().pattern(/^[a-z0-9-]{1,80}$/),
  id: Joi.number().integer().min(1).max(Number.MAX_SAFE_INTEGER).required(),
});
