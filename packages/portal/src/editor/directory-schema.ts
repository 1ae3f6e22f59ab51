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

/** A free-text filter: empty (the default) filters nothing. */
const textFilter = (label: string, max: number, plainText: string) =>
  Joi.string()
    .trim()
    .max(max)
    .allow('')
    .default('')
    .messages({
      'string.base': `${label} must be ${plainText}.`,
      'string.max': `${label} takes up to ${max} characters.`,
    });

/** A filter chosen from a list: empty (the default) filters nothing, a value the form does not offer is refused. */
const choiceFilter = (label: string, choices: readonly string[]) =>
  Joi.string()
    .valid('', ...choices)
    .default('')
    .messages({
      'string.base': `${label} must be one of ${choices.join(', ')}.`,
      'any.only': `${label} must be one of ${choices.join(', ')}.`,
    });

export const directoryQuerySchema = Joi.object({
  text: textFilter('Text', 200, 'plain text'),
  state: choiceFilter('State', DIRECTORY_STATES),
  page,
});

export const logQuerySchema = Joi.object({
  actor: textFilter('Actor', 320, 'plain text (an editor’s email)'),
  action: choiceFilter('Action', AUDIT_ACTIONS),
  page,
});

const id = Joi.number().integer().positive().max(Number.MAX_SAFE_INTEGER).required();
export const compareParamsSchema = Joi.object({ id, otherId: id });
