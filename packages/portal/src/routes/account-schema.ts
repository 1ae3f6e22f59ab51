import Joi from 'joi';
import { MIN_PASSWORD_LENGTH } from '@byline/editorial/users/passwords';

export const email = Joi.string().trim().email({ tlds: false }).max(254).required().label('Email').messages({
  'string.email': 'Enter an email address like name@example.org',
  'string.empty': 'Enter your email address',
  'any.required': 'Enter your email address',
});
export const newPassword = Joi.string()
  .min(MIN_PASSWORD_LENGTH)
  .max(200)
  .required()
  .label('Password')
  .messages({
    'string.min': `Use at least ${MIN_PASSWORD_LENGTH} characters`,
    'string.empty': 'Choose a password',
    'any.required': 'Choose a password',
  });
