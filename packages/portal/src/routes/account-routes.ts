import { Router } from 'express';
import Joi from 'joi';
import { passwordMatches, hashPassword, MIN_PASSWORD_LENGTH } from '../auth/passwords';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, currentUser, render, signedInUser } from '../http/render';
import { endSession, startSession } from '../http/sessions';
import { signIn, signUp } from '../use-cases/accounts';
import { changePasswordPage, homePage, signInPage, signUpPage } from '../views/account-pages';

const email = Joi.string().trim().email({ tlds: false }).max(254).required().label('Email').messages({
  'string.email': 'Enter an email address like name@example.org',
  'string.empty': 'Enter your email address',
  'any.required': 'Enter your email address',
});
const newPassword = Joi.string()
  .min(MIN_PASSWORD_LENGTH)
  .max(200)
  .required()
  .label('Password')
  .messages({
    'string.min': `Use at least ${MIN_PASSWORD_LENGTH} characters`,
    'string.empty': 'Choose a password',
    'any.required': 'Choose a password',
  });
const signUpSchema = Joi.object({ email, password: newPassword });
const signInSchema = Joi.object({
  email,
  password: Joi.string()
    .max(200)
    .required()
    .messages({ 'string.empty': 'Enter your password', 'any.required': 'Enter your password' }),
  next: Joi.string().allow('').max(500),
});
const changePasswordSchema = Joi.object({
  current: Joi.string().max(200).required().messages({ 'string.empty': 'Enter your current password' }),
  password: newPassword,
});

/** Only a local path is followed after sign-in, never another site. */
function localPath(next: string | undefined): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/profile';
}

export function accountRoutes(ctx: PortalContext): Router {
  const router = Router();

  router.get('/', (_req, res) => (currentUser(res) ? res.redirect(303, '/profile') : render(res, 'Welcome', homePage())));

  router.get('/signup', (_req, res) => render(res, 'Sign up', signUpPage({ csrf: csrfTokenOf(res) })));
  router.post('/signup', async (req, res) => {
    const form = validateForm<{ email: string; password: string }>(signUpSchema, req.body);
    const state = { csrf: csrfTokenOf(res), email: form.value.email, errors: form.errors };
    if (!form.ok) return render(res, 'Sign up', signUpPage(state), 422);
    const result = await signUp(ctx.portalStore, form.value.email, form.value.password);
    if (!result.ok) {
      return render(
        res,
        'Sign up',
        signUpPage({ ...state, errors: { email: 'An account with this email exists; sign in instead' } }),
        422,
      );
    }
    await startSession(req, res, ctx, result.user);
    res.redirect(303, '/profile');
  });

  router.get('/signin', (req, res) => {
    const next = typeof req.query.next === 'string' ? req.query.next : undefined;
    render(res, 'Sign in', signInPage({ csrf: csrfTokenOf(res), next }));
  });
  router.post('/signin', async (req, res) => {
    const form = validateForm<{ email: string; password: string; next?: string }>(signInSchema, req.body);
    const state = { csrf: csrfTokenOf(res), email: form.value.email, errors: form.errors, next: form.value.next };
    if (!form.ok) return render(res, 'Sign in', signInPage(state), 422);
    const result = await signIn(ctx.portalStore, ctx.throttle, { ...form.value, address: req.ip ?? 'unknown' });
    if (!result.ok && result.retryAfterSeconds) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return render(
        res,
        'Sign in',
        signInPage({ ...state, message: `Too many failed attempts. Try again in ${minutes} minute(s).` }),
        429,
      );
    }
    if (!result.ok) return render(res, 'Sign in', signInPage({ ...state, message: 'The email or password is not right.' }), 401);
    await startSession(req, res, ctx, result.user);
    res.redirect(303, localPath(form.value.next));
  });

  router.post('/signout', async (req, res) => {
    await endSession(req, res, ctx);
    res.redirect(303, '/signin');
  });

  router.get('/settings/password', requireUser, (_req, res) =>
    render(res, 'Change password', changePasswordPage({ csrf: csrfTokenOf(res) })),
  );
  router.post('/settings/password', requireUser, async (req, res) => {
    const form = validateForm<{ current: string; password: string }>(changePasswordSchema, req.body);
    const user = signedInUser(res);
    const stored = await ctx.portalStore.findUserByEmail(user.email);
    if (!stored) throw new PageError(401, 'Your account no longer exists.');
    if (form.ok && !(await passwordMatches(stored.passwordHash, form.value.current)))
      form.errors.current = 'This is not your current password';
    if (Object.keys(form.errors).length)
      return render(res, 'Change password', changePasswordPage({ csrf: csrfTokenOf(res), errors: form.errors }), 422);
    await ctx.portalStore.setUserPassword(user.id, await hashPassword(form.value.password));
    render(res, 'Change password', changePasswordPage({ csrf: csrfTokenOf(res), message: 'Your password is changed.' }));
  });

  return router;
}
