import { Router, type Request, type Response } from 'express';
import Joi from 'joi';
import { normalizeEmail } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { issueResetLink, RESET_PATH, resetLinkUsable, resetPassword } from '@byline/editorial/use-cases/password-reset';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { csrfTokenOf, render } from '../http/render';
import { resetMail } from '../mail/reset-mail';
import {
  forgotPasswordPage,
  resetLinkDeadPage,
  resetMailSentPage,
  resetPasswordPage,
  resetUnavailablePage,
} from '../views/account-pages';
import { email, newPassword } from './account-schema';

/** A link's token: 32 random bytes, base64url. Anything else is not worth a store lookup. */
const token = Joi.string()
  .pattern(/^[\w-]{43}$/)
  .required();
const forgotSchema = Joi.object({ email });
const resetSchema = Joi.object({ token, password: newPassword });

function tokenOf(raw: unknown): string | undefined {
  return token.validate(raw).error ? undefined : (raw as string);
}

export function passwordResetRoutes(ctx: PortalContext): Router {
  const { outbox, publicUrls, resetThrottle, now, operatorContact } = ctx;
  const repositories = repositoriesOf(ctx.store);
  const router = Router();

  const deadLink = (res: Response) =>
    render(
      res,
      'Link expired',
      resetLinkDeadPage({ csrf: csrfTokenOf(res), mailAvailable: outbox.available, operatorContact }),
      410,
    );

  router.get('/forgot-password', (_req, res) =>
    outbox.available
      ? render(res, 'Forgot password', forgotPasswordPage({ csrf: csrfTokenOf(res) }))
      : render(res, 'Forgot password', resetUnavailablePage(operatorContact)),
  );

  router.post('/forgot-password', (req: Request, res: Response) => {
    // A portal without mail is not failing: the form answers what the page says, never a 5xx.
    if (!outbox.available) return render(res, 'Forgot password', resetUnavailablePage(operatorContact));
    const form = validateForm<{ email: string }>(forgotSchema, req.body);
    const state = { csrf: csrfTokenOf(res), email: form.value.email, errors: form.errors };
    if (!form.ok) return render(res, 'Forgot password', forgotPasswordPage(state), 422);
    const at = now();
    const wait = resetThrottle.addressRetryAfterSeconds(req.ip ?? 'unknown', at.getTime());
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      const message = `Too many requests from your address. Try again in ${Math.ceil(wait / 60)} minute(s).`;
      return render(res, 'Forgot password', forgotPasswordPage({ ...state, message }), 429);
    }
    const address = normalizeEmail(form.value.email);
    // Looked up and mailed after the answer, which is the same page whether or not the address has an account.
    if (resetThrottle.mayMail(address, at.getTime())) {
      outbox.post('password reset', async () => {
        const link = await issueResetLink(repositories, address, publicUrls.portal, at);
        return link && resetMail(link);
      });
    }
    render(res, 'Check your email', resetMailSentPage());
  });

  router.get(RESET_PATH, async (req, res) => {
    const given = tokenOf(req.query.token);
    if (!given || !(await resetLinkUsable(repositories.passwordResets, given, now()))) return deadLink(res);
    render(res, 'Choose a new password', resetPasswordPage({ csrf: csrfTokenOf(res), token: given }));
  });

  router.post(RESET_PATH, async (req, res) => {
    const given = tokenOf((req.body as Record<string, unknown> | undefined)?.token);
    if (!given || !(await resetLinkUsable(repositories.passwordResets, given, now()))) return deadLink(res);
    const form = validateForm<{ token: string; password: string }>(resetSchema, req.body);
    if (!form.ok) {
      const page = resetPasswordPage({ csrf: csrfTokenOf(res), token: given, errors: form.errors });
      return render(res, 'Choose a new password', page, 422);
    }
    if (!(await resetPassword(repositories, given, form.value.password, now()))) return deadLink(res);
    res.redirect(303, '/signin?done=reset');
  });

  return router;
}
