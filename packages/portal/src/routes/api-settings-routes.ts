import { Router, type Response } from 'express';
import Joi from 'joi';
import { plainTextRule, SOCIAL_TYPES, type PortalUser } from '@byline/shared';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { putFlash, takeFlash } from '../http/sessions';
import { createNamedKey, keyToShow, revokeKey, rotateKey, type KeyToShow } from '../use-cases/api-keys';
import { apiSettingsPage, type ApiSettingsState, type CurlExamples } from '../views/api-settings-page';
import { apiOriginsSchema } from './api-origins-schema';

const keyNameSchema = Joi.object({
  name: Joi.string()
    .trim()
    .min(1)
    .max(100)
    .required()
    .label('The key name')
    .custom(plainTextRule('line'))
    .messages({ 'string.empty': 'Give the key a name', 'any.required': 'Give the key a name' }),
});

const USAGE_DAYS = 14;

/** What the page says after a change it was redirected from (?done=…). */
const NOTICES = new Map([
  ['revoked', 'Key revoked; it stops working within 5 seconds.'],
  ['origins', 'Web origins saved; the services use them within 5 seconds.'],
]);

export function apiSettingsRoutes(ctx: PortalContext): Router {
  const { store, portalStore, publicUrls } = ctx;
  const router = Router();
  router.use('/settings/api', requireUser);

  async function show(res: Response, extra: Partial<ApiSettingsState> = {}, status = 200) {
    const email = signedInUser(res).email;
    const account = await portalStore.findApiAccount(email);
    const keys = account ? await store.listApiKeys(email) : [];
    const origins = account ? ((await store.accountOrigins(email)) ?? []) : [];
    const usage = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key.key, (await store.usageOf(key.key)).slice(-USAGE_DAYS)] as const)),
    );
    const examples = extra.created ? await ownQuestions(signedInUser(res)) : undefined;
    const page = apiSettingsPage({
      csrf: csrfTokenOf(res),
      account,
      keys,
      origins: origins.join('\n'),
      usage,
      services: publicUrls,
      examples,
      ...extra,
    });
    render(res, 'API settings', page, status);
  }

  /** The user's latest active article and first handle, so the curl lines ask about something they know. */
  async function ownQuestions(user: PortalUser): Promise<CurlExamples | undefined> {
    if (!user.profileId) return undefined;
    const profile = await portalStore.findProfileById(user.profileId);
    const [article] = await portalStore.latestArticles(user.profileId, 1);
    const socialType = SOCIAL_TYPES.find((type) => profile?.profile_social_profiles[type]);
    if (!article || !profile || !socialType) return undefined;
    return { articleUrl: article.link, socialType, socialUsername: profile.profile_social_profiles[socialType] };
  }

  async function requireAccount(res: Response): Promise<string> {
    const email = signedInUser(res).email;
    if (!(await portalStore.findApiAccount(email))) throw new PageError(409, 'Open an API account first.');
    return email;
  }

  // Post/redirect/get: the new secret waits sealed on the session for the GET, which takes it, so a reload or
  // going back never shows it again (and the page is never cached: see security-headers.ts).
  router.get('/settings/api', async (req, res) => {
    const created = await takeFlash<KeyToShow>(req, ctx);
    await show(res, {
      created,
      notice: NOTICES.get(String(req.query.done)),
    });
  });

  // Where the browser was left by the form before post/redirect/get; answered rather than 404.
  router.get('/settings/api/keys', (_req, res) => res.redirect(303, '/settings/api'));

  router.post('/settings/api/account', async (_req, res) => {
    await portalStore.openApiAccount(signedInUser(res).email);
    res.redirect(303, '/settings/api');
  });

  router.post('/settings/api/keys', async (req, res) => {
    const email = await requireAccount(res);
    const form = validateForm<{ name: string }>(keyNameSchema, req.body);
    if (!form.ok) return show(res, { errors: form.errors }, 422);
    await putFlash(req, ctx, keyToShow(await createNamedKey(store, email, form.value.name)));
    res.redirect(303, '/settings/api');
  });

  router.post('/settings/api/origins', async (req, res) => {
    const email = await requireAccount(res);
    const form = validateForm<{ origins: string[] }>(apiOriginsSchema, req.body);
    if (!form.ok)
      return show(res, { errors: form.errors, origins: String((req.body as { origins?: unknown }).origins ?? '') }, 422);
    await store.setAccountOrigins(email, form.value.origins);
    res.redirect(303, '/settings/api?done=origins');
  });

  router.post('/settings/api/keys/:key/rotate', async (req, res) => {
    const email = await requireAccount(res);
    const created = await rotateKey(store, email, String(req.params.key));
    if (!created) throw new PageError(404, 'There is no such active key on your account.');
    await putFlash(req, ctx, keyToShow(created));
    res.redirect(303, '/settings/api');
  });

  router.post('/settings/api/keys/:key/revoke', async (req, res) => {
    const email = await requireAccount(res);
    if (!(await revokeKey(store, email, String(req.params.key))))
      throw new PageError(404, 'There is no such key on your account.');
    res.redirect(303, '/settings/api?done=revoked');
  });

  return router;
}
