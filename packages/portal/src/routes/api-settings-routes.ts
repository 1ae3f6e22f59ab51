import { Router, type Response } from 'express';
import Joi from 'joi';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { createNamedKey, revokeKey, rotateKey, type NewKey } from '../use-cases/api-keys';
import { apiSettingsPage, type ApiSettingsState } from '../views/api-settings-page';

const keyNameSchema = Joi.object({
  name: Joi.string()
    .trim()
    .min(1)
    .max(100)
    .required()
    .messages({ 'string.empty': 'Give the key a name', 'any.required': 'Give the key a name' }),
});

const USAGE_DAYS = 14;

export function apiSettingsRoutes({ store, portalStore }: PortalContext): Router {
  const router = Router();
  router.use('/settings/api', requireUser);

  async function show(res: Response, extra: Partial<ApiSettingsState> = {}, status = 200) {
    const email = signedInUser(res).email;
    const account = await portalStore.findApiAccount(email);
    const keys = account ? await store.listApiKeys(email) : [];
    const usage = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key.key, (await store.usageOf(key.key)).slice(-USAGE_DAYS)] as const)),
    );
    render(res, 'API settings', apiSettingsPage({ csrf: csrfTokenOf(res), account, keys, usage, ...extra }), status);
  }

  async function requireAccount(res: Response): Promise<string> {
    const email = signedInUser(res).email;
    if (!(await portalStore.findApiAccount(email))) throw new PageError(409, 'Open an API account first.');
    return email;
  }

  const showSecret = (res: Response, created: NewKey) => show(res, { created });

  router.get('/settings/api', async (req, res) => {
    await show(res, { notice: req.query.done === 'revoked' ? 'Key revoked; it stops working within 5 seconds.' : undefined });
  });

  router.post('/settings/api/account', async (_req, res) => {
    await portalStore.openApiAccount(signedInUser(res).email);
    res.redirect(303, '/settings/api');
  });

  router.post('/settings/api/keys', async (req, res) => {
    const email = await requireAccount(res);
    const form = validateForm<{ name: string }>(keyNameSchema, req.body);
    if (!form.ok) return show(res, { errors: form.errors }, 422);
    await showSecret(res, await createNamedKey(store, email, form.value.name));
  });

  router.post('/settings/api/keys/:key/rotate', async (req, res) => {
    const email = await requireAccount(res);
    const created = await rotateKey(store, email, String(req.params.key));
    if (!created) throw new PageError(404, 'There is no such active key on your account.');
    await showSecret(res, created);
  });

  router.post('/settings/api/keys/:key/revoke', async (req, res) => {
    const email = await requireAccount(res);
    if (!(await revokeKey(store, email, String(req.params.key))))
      throw new PageError(404, 'There is no such key on your account.');
    res.redirect(303, '/settings/api?done=revoked');
  });

  return router;
}
