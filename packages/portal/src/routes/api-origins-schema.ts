import Joi from 'joi';
import { MAX_ACCOUNT_ORIGINS, normaliseOriginList } from '@byline/domain/cors/origin-list';

/** The API settings' origins form: one origin per line (blank lines ignored), stored normalised. */
export const apiOriginsSchema = Joi.object({
  origins: Joi.string()
    .empty('')
    .default([])
    .max(MAX_ACCOUNT_ORIGINS * 300)
    .custom((text: string, helpers) => {
      const checked = normaliseOriginList(text.split(/\r?\n/));
      return checked.ok ? checked.origins : helpers.error('origins.invalid', { reason: checked.reason });
    })
    .messages({
      'origins.invalid': '{#reason}',
      'string.max': `At most ${MAX_ACCOUNT_ORIGINS} origins per account`,
    }),
});
