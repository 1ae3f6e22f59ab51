import { Router, type Request, type Response } from 'express';
import Joi from 'joi';
import { normalizeEmail } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { hashPassword, passwordMatches } from '@byline/editorial/users/passwords';
import { setOwnPassword, signUp, useOneTimePassword } from '@byline/editorial/use-cases/accounts';
import { SIGN_UP_PURPOSES, type SignUpPurpose } from '@byline/editorial/use-cases/sign-up-purpose';
import { issueConfirmLink, signUpByMail } from '@byline/editorial/use-cases/address-proof';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { CHANGE_PASSWORD_PATH, requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, currentUser, render, signedInUser } from '../http/render';
import { endSession, sessionTokenHash, startSession } from '../http/sessions';
import { landingPage, signIn, startAs } from '../use-cases/sign-in';
import { withNotice } from '../views/layout';
import { changePasswordPage, choosePasswordPage, homePage, signInPage, signUpPage } from '../views/account-pages';
import { signUpMailSentPage } from '../views/address-proof-pages';
import { confirmMail, signUpAttemptMail } from '../mail/address-mail';
import { email, newPassword } from './account-schema';

/** The purpose a link to the sign-up page asks for (`/signup?for=api`, `?for=publisher`); a journalist's otherwise. */
const purposeAsked = (asked: unknown): SignUpPurpose => SIGN_UP_PURPOSES.find((purpose) => purpose === asked) ?? 'journalist';

const signUpSchema = Joi.object({
  email,
  password: newPassword,
  purpose: Joi.string()
    .valid(...SIGN_UP_PURPOSES)
    .default('journalist'),
});
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
const choosePasswordSchema = Joi.object({ password: newPassword });

/** Only a local path is followed after sign-in, never another site; otherwise the user's landing page. */
function localPath(
  next: string | undefined,
  user: PortalUser,
  repositories: Parameters<typeof landingPage>[0],
): Promise<string> | string {
  return next && /^\/(?![/\\])/.test(next) ? next : landingPage(repositories, user);
}
const RESET_DONE_NOTICE = 'Your password is changed. Sign in with it.';
const NOT_RIGHT_WITH_MAIL =
  'The email or password is not right. Signed up recently? Open the link we mailed you first (an expired one: Forgot your password).';

/** "45 seconds", "1 second" or, past two minutes, "15 minutes". */
function waitText(seconds: number): string {
  if (seconds <= 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function accountRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const { apiAccounts } = repositories;
  const router = Router();

  router.get('/', async (_req, res) => {
    const user = currentUser(res);
    return user ? res.redirect(303, await landingPage(repositories, user)) : render(res, 'Welcome', homePage(ctx.publicUrls));
  });

  router.get('/signup', (req, res) =>
    render(res, 'Sign up', signUpPage({ csrf: csrfTokenOf(res), purpose: purposeAsked(req.query.for) })),
  );
  router.post('/signup', async (req, res) => {
    const form = validateForm<{ email: string; password: string; purpose: SignUpPurpose }>(signUpSchema, req.body);
    const state = { csrf: csrfTokenOf(res), email: form.value.email, errors: form.errors, purpose: form.value.purpose };
    if (!form.ok) return render(res, 'Sign up', signUpPage(state), 422);
    if (ctx.outbox.available) return signUpByMailAnswer(req, res, form.value, state);
    // Without mail nothing can prove the address, nor tell its owner: sign-up signs in (what the address reaches
    // waits for the operator's confirmation link), and says when the address is taken.
    const result = await signUp(repositories.users, form.value.email, form.value.password, ctx.now());
    if (!result.ok) {
      return render(
        res,
        'Sign up',
        signUpPage({ ...state, errors: { email: 'An account with this email exists; sign in instead' } }),
        422,
      );
    }
    await startSession(req, res, ctx, result.user);
    res.redirect(303, await startAs(apiAccounts, result.user, form.value.purpose, ctx.now()));
  });

  /**
   * With mail, sign-up answers alike for a new and a taken address, after the same work (the password hashed):
   * the new address gets its confirmation link, the taken one's owner a mail saying someone tried. Nobody is
   * signed in here (that would tell the two apart); the link's page signs the person in.
   */
  async function signUpByMailAnswer(
    req: Request,
    res: Response,
    form: { email: string; password: string; purpose: SignUpPurpose },
    state: Parameters<typeof signUpPage>[0],
  ) {
    const at = ctx.now();
    const wait = ctx.confirmThrottle.addressRetryAfterSeconds(req.ip ?? 'unknown', at.getTime());
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      const message = `Too many sign-ups from your address. Try again in ${Math.ceil(wait / 60)} minute(s).`;
      return render(res, 'Sign up', signUpPage({ ...state, errors: { email: message } }), 429);
    }
    const address = normalizeEmail(form.email);
    const passwordHash = await hashPassword(form.password);
    if (ctx.confirmThrottle.mayMail(address, at.getTime())) {
      ctx.outbox.post('sign-up', async () => {
        const outcome = await signUpByMail(repositories, address, passwordHash, at);
        if (outcome.status === 'taken') return signUpAttemptMail(address, ctx.publicUrls.portal);
        const issued = await issueConfirmLink(repositories, address, ctx.publicUrls.portal, at, form.purpose);
        return issued.status === 'issued' ? confirmMail(issued) : null;
      });
    }
    render(res, 'Check your email', signUpMailSentPage(address));
  }

  router.get('/signin', (req, res) => {
    const next = typeof req.query.next === 'string' ? req.query.next : undefined;
    const notice = req.query.done === 'reset' ? RESET_DONE_NOTICE : undefined;
    render(res, 'Sign in', signInPage({ csrf: csrfTokenOf(res), next, notice }));
  });
  router.post('/signin', async (req, res) => {
    const form = validateForm<{ email: string; password: string; next?: string }>(signInSchema, req.body);
    const state = { csrf: csrfTokenOf(res), email: form.value.email, errors: form.errors, next: form.value.next };
    if (!form.ok) return render(res, 'Sign in', signInPage(state), 422);
    const result = await signIn(repositories.users, ctx.throttle, { ...form.value, address: req.ip ?? 'unknown' });
    if (!result.ok && result.retryAfterSeconds) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      return render(
        res,
        'Sign in',
        signInPage({ ...state, message: `Too many failed attempts. Try again in ${waitText(result.retryAfterSeconds)}.` }),
        429,
      );
    }
    // With mail, a new sign-up's password waits for its link (see signIn): every failure says so, alike.
    const notRight = ctx.outbox.available ? NOT_RIGHT_WITH_MAIL : 'The email or password is not right.';
    if (!result.ok) return render(res, 'Sign in', signInPage({ ...state, message: notRight }), 401);
    const oneTime = await useOneTimePassword(repositories.users, result.user, ctx.now());
    if (oneTime === 'expired')
      return render(res, 'Sign in', signInPage({ ...state, expiredOneTime: true, operatorContact: ctx.operatorContact }), 401);
    if (oneTime === 'already-used')
      return render(res, 'Sign in', signInPage({ ...state, message: 'The email or password is not right.' }), 401);
    await startSession(req, res, ctx, result.user);
    res.redirect(303, oneTime === 'used' ? CHANGE_PASSWORD_PATH : await localPath(form.value.next, result.user, repositories));
  });

  router.post('/signout', async (req, res) => {
    await endSession(req, res, ctx);
    res.redirect(303, '/signin');
  });

  router.get(CHANGE_PASSWORD_PATH, requireUser, (_req, res) =>
    signedInUser(res).mustChangePassword
      ? render(res, 'Choose your password', choosePasswordPage({ csrf: csrfTokenOf(res) }))
      : render(res, 'Change password', changePasswordPage({ csrf: csrfTokenOf(res) })),
  );
  router.post(CHANGE_PASSWORD_PATH, requireUser, async (req, res) => {
    const user = signedInUser(res);
    if (user.mustChangePassword) {
      const chosen = validateForm<{ password: string }>(choosePasswordSchema, req.body);
      if (!chosen.ok)
        return render(res, 'Choose your password', choosePasswordPage({ csrf: csrfTokenOf(res), errors: chosen.errors }), 422);
      await setOwnPassword(repositories, user.id, chosen.value.password, sessionTokenHash(req));
      return res.redirect(303, withNotice(await landingPage(repositories, user), 'password-saved'));
    }
    const form = validateForm<{ current: string; password: string }>(changePasswordSchema, req.body);
    const stored = await repositories.users.findByEmail(user.email);
    if (!stored) throw new PageError(401, 'Your account no longer exists.');
    if (form.ok && !(await passwordMatches(stored.passwordHash, form.value.current)))
      form.errors.current = 'This is not your current password';
    if (Object.keys(form.errors).length)
      return render(res, 'Change password', changePasswordPage({ csrf: csrfTokenOf(res), errors: form.errors }), 422);
    await setOwnPassword(repositories, user.id, form.value.password, sessionTokenHash(req));
    render(
      res,
      'Change password',
      changePasswordPage({ csrf: csrfTokenOf(res), message: 'Password saved. You are signed out everywhere else.' }),
    );
  });

  return router;
}
