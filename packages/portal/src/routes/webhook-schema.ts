import Joi from 'joi';
import { WEBHOOK_EVENT_TYPES } from '@byline/domain/webhook-events/webhook-event';

/** The new-endpoint form: an address and at least one event type (checkboxes, so one value or several). */
export const newEndpointSchema = Joi.object({
  url: Joi.string().trim().required().max(2048).messages({
    'any.required': 'Give the address events are sent to',
    'string.empty': 'Give the address events are sent to',
    'string.max': 'At most 2048 characters',
  }),
  events: Joi.array()
    .single()
    .items(Joi.string().valid(...WEBHOOK_EVENT_TYPES))
    .min(1)
    .required()
    .messages({
      'any.required': 'Choose at least one event',
      'array.min': 'Choose at least one event',
      'any.only': 'Choose among the events listed',
    }),
});

export interface NewEndpointForm {
  url: string;
  events: string[];
}
