import Joi from 'joi';
import { checkBrowserKeySettings } from '@byline/shared';
import { MAX_ACCOUNT_ORIGINS } from '@byline/domain/cors/origin-list';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { type BrowserKeySettings } from '@byline/domain/domain/types';
import type { FormResult } from '../http/forms';
import { validateForm } from '../http/forms';
import { ROTATION_OVERLAPS, type RotationOverlapChoice } from '../use-cases/api-keys';

const name = Joi.string()
  .trim()
  .min(1)
  .max(100)
  .required()
  .label('The key name')
  .custom(plainTextRule('line'))
  .messages({ 'string.empty': 'Give the key a name', 'any.required': 'Give the key a name' });

/** A browser key's fields as typed: origins one per line, the limit as text (checked by checkBrowserKeySettings). */
const browserFields = {
  key_origins: Joi.string()
    .allow('')
    .default('')
    .max(MAX_ACCOUNT_ORIGINS * 300)
    .messages({ 'string.max': `At most ${MAX_ACCOUNT_ORIGINS} origins per key` }),
  key_limit: Joi.string().allow('').default('').max(20).messages({ 'string.max': 'Give a whole number of requests per minute' }),
};

const newKeySchema = Joi.object({ name, kind: Joi.string().valid('server', 'browser').default('server'), ...browserFields });
const browserKeySchema = Joi.object(browserFields);

interface BrowserFields {
  key_origins: string;
  key_limit: string;
}

export type NewKeyForm = { name: string; kind: 'server' | 'browser' } & BrowserFields;

/** The form's fields checked, and a browser key's settings against the rules of browser-keys.ts. */
function withBrowserSettings<T extends BrowserFields>(
  form: FormResult<T>,
  wanted: boolean,
  accountLimit: number,
): FormResult<T> & { browser?: BrowserKeySettings } {
  if (!form.ok || !wanted) return form;
  const checked = checkBrowserKeySettings(form.value.key_origins.split(/\r?\n/), form.value.key_limit, accountLimit);
  if (!checked.ok) return { ...form, ok: false, errors: { [`key_${checked.field}`]: checked.reason } };
  return { ...form, browser: checked.settings };
}

/** The new-key form: a name, and for a browser key its origins and limit (at most `accountLimit`). */
export function newKeyForm(body: unknown, accountLimit: number) {
  const form = validateForm<NewKeyForm>(newKeySchema, body);
  return withBrowserSettings(form, form.value.kind === 'browser', accountLimit);
}

/** A browser key's settings form (origins and limit). */
export function browserKeyForm(body: unknown, accountLimit: number) {
  return withBrowserSettings(validateForm<BrowserFields>(browserKeySchema, body), true, accountLimit);
}

/** A rotation's choice: how long the old secret keeps working ("now": confirmed by its own box). */
export const rotateKeySchema = Joi.object({
  overlap: Joi.string()
    .valid(...Object.keys(ROTATION_OVERLAPS))
    .required()
    .messages({
      'any.only': 'Choose how long the old secret keeps working',
      'any.required': 'Choose how long the old secret keeps working',
    }),
  confirm_now: Joi.string().valid('on'),
});

export interface RotateKeyForm {
  overlap: RotationOverlapChoice;
  confirm_now?: 'on';
}
