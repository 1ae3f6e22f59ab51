import { Router } from 'express';
import Joi from 'joi';
import { repositoriesOf } from '@byline/shared/store';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { endSession } from '../http/sessions';
import { deleteAccount } from '../use-cases/delete-account';
import { ownDataOf } from '../use-cases/own-data';
import { accountDeletedPage, deleteAccountPage } from '../views/own-data-pages';

const confirmDeletionSchema = Joi.object({
  email: Joi.string().trim().lowercase().max(320).required(),
});

/**
 * What a person may do with their own data: download it, delete their account, withdraw their verification
 * request. Every route acts on the signed-in user alone (the session's user and its profile): none takes an id.
 */
/** Said beside the field when the email typed is not the account's: the person reads a sentence, not a code. */
const EMAIL_MISMATCH = 'Type the email address you sign in with, exactly as on your account.';

export function ownDataRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const router = Router();

  router.get('/account/data.json', requireUser, async (_req, res) => {
    const data = await ownDataOf(repositories, signedInUser(res));
    res.setHeader('Content-Disposition', 'attachment; filename="byline-data.json"');
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  router.get('/account/delete', requireUser, (_req, res) =>
    render(res, 'Delete your account', deleteAccountPage({ csrf: csrfTokenOf(res) })),
  );
  router.post('/account/delete', requireUser, async (req, res) => {
    const user = signedInUser(res);
    const form = validateForm<{ email: string }>(confirmDeletionSchema, req.body);
    if (!form.ok || form.value.email !== user.email.toLowerCase()) {
      return render(
        res,
        'Delete your account',
        deleteAccountPage({ csrf: csrfTokenOf(res), errors: { email: EMAIL_MISMATCH } }),
        422,
      );
    }
    await deleteAccount(repositories, user, ctx.now());
    ctx.logger.info('account deleted by its owner', { userId: user.id });
    await endSession(req, res, ctx);
    // Post/redirect/get: the page after is drawn without the session that just ended (a static page, anyone's).
    res.redirect(303, '/account/deleted');
  });
  router.get('/account/deleted', (_req, res) => render(res, 'Account deleted', accountDeletedPage()));

  router.post('/profile/verification-request/withdraw', requireUser, async (_req, res) => {
    const user = signedInUser(res);
    if (user.profileId === null) throw new PageError(409, 'You have no profile, so no request to withdraw.');
    await repositories.verification.withdraw(user.profileId, user.email);
    res.redirect(303, '/profile');
  });

  return router;
}
