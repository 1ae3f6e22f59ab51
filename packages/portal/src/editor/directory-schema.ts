import Joi from 'joi';
import { AUDIT_ACTIONS } from '@byline/domain/audit/audit-repository';
import { DIRECTORY_STATES } from '@byline/domain/directory/directory-repository';

/** How many rows one page of the directory or the log shows. */
export const PAGE_SIZE = 50;

/** Far enough for any real store; bounds the offset the store is asked to skip. */
const page = Joi.number().integer().min(1).max(10_000).default(1).messages({
  'number.base': 'Page must be a whole number from 1.',
  'number.integer': 'Page must be a whole number from 1.',
  'number.min': 'Page must be a whole number from 1.',
  'number.max': 'Page goes up to 10,000.',
});

export const directoryQuerySchema = Joi.object({
  text: Joi.string().trim().max(200).allow('').default('').messages({
    'string.base': 'Text must be plain text.',
    'string.max': 'Text takes up to 200 characters.',
  }),
  state: Joi.string()
    .valid('', ...DIRECTORY_STATES)
    .default('')
    .messages({
      'string.base': `State must be one of ${DIRECTORY_STATES.join(', ')}.`,
      'any.only': `State must be one of ${DIRECTORY_STATES.join(', ')}.`,
    }),
  page,
});

export const logQuerySchema = Joi.object({
  actor: Joi.string().trim().max(320).allow('').default('').messages({
    'string.base': 'Actor must be plain text (an editor’s email).',
    'string.max': 'Actor takes up to 320 characters.',
  }),
  action: Joi.string()
    .valid('', ...AUDIT_ACTIONS)
    .default('')
    .messages({
      'string.base': `Action must be one of ${AUDIT_ACTIONS.join(', ')}.`,
      'any.only': `Action must be one of ${AUDIT_ACTIONS.join(', ')}.`,
    }),
  page,
});

const id = Joi.number().integer().positive().max(Number.MAX_SAFE_INTEGER).required();
export const compareParamsSchema = Joi.object({ id, otherId: id });
