import Joi from 'joi';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';

/**
 * An editor's note is shown on review pages, in the editors' log, in the journalist's own data and in mail to them:
 * like every other text a person types, it must not carry control characters or text-direction overrides (its line
 * breaks are kept).
 */
const safeNote = plainTextRule('prose');

/** The note an attestation or a move stands on: kept with the proof and in the history, so never empty. */
const requiredNote = Joi.string().trim().max(2000).required().label('The note').custom(safeNote).messages({
  'any.required': 'The note is required: say how you know it is theirs.',
  'string.empty': 'The note is required: say how you know it is theirs.',
  'string.max': 'Keep the note under 2,000 characters.',
});

export const attestSchema = Joi.object({ note: requiredNote });

const WHY_PUBLISHER = 'The note is required: say why (it is kept in the publisher’s history).';
/** An editor's verification of a publisher, or its withdrawal: the history shows who decided and why. */
export const publisherDecisionSchema = Joi.object({
  note: requiredNote.messages({ 'any.required': WHY_PUBLISHER, 'string.empty': WHY_PUBLISHER }),
});

export const moveSchema = Joi.object({
  network: Joi.string()
    .valid(...SOCIAL_TYPES)
    .required(),
  handle: Joi.string().trim().max(256).required(),
  note: requiredNote,
  /** The confirmation that a proven handle of the same network on the profile is displaced: that handle's key. */
  displace: Joi.string().trim().max(256).allow(''),
});

export const decisionSchema = Joi.object({
  decision: Joi.string().valid('verify', 'reject', 'unverify').required(),
  note: Joi.string().trim().allow('').max(2000).default('').label('The note').custom(safeNote),
  override: Joi.string().valid('on'),
  /** The withdrawal's confirmation (a required checkbox, so it works without script and from the keyboard). */
  confirm_withdraw: Joi.string().valid('on'),
});

/** An editor's decision on a pending identity change; the note is checked by the use case (a decline needs one). */
export const identityDecisionSchema = Joi.object({
  decision: Joi.string().valid('approve', 'decline').required(),
  identity_note: Joi.string().trim().allow('').max(2000).default('').label('The note').custom(safeNote),
  /** The change the editor saw: one replaced since is not decided. */
  requested_at: Joi.string().trim().max(64).required(),
});

const id = Joi.number().integer().positive().max(Number.MAX_SAFE_INTEGER).required();
export const profileParamsSchema = Joi.object({ id });
export const claimParamsSchema = Joi.object({ id, claimId: id });
export const articleParamsSchema = Joi.object({ id, articleId: id });
