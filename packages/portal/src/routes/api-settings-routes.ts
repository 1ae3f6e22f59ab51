import { Router, type Response } from 'express';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { DEMO_ARTICLE_URL } from '@byline/domain/domain/demo-examples';
import { SOCIAL_TYPES } from '@byline/domain/domain/types';
import { type ApiAccount } from '@byline/domain/api-accounts/api-accounts-repository';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { requireProvenAddress } from './address-proof-routes';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { putFlash, takeFlash } from '../http/sessions';
import {
  changeBrowserKey,
  createNamedKey,
  keyToShow,
  ownBrowserKey,
  ownKey,
  isRotatable,
  revokeKey,
  rotateKey,
  type KeyToShow,
} from '../use-cases/api-keys';
import type { FieldErrors } from '../views/forms';
import { rotateKeySchema, type RotateKeyForm } from './api-key-schema';
import { rotateKeyPage } from '../views/rotate-key-page';
import {
  apiSettingsPage,
  browserKeyPage,
  DEMO_QUESTIONS,
  revokeKeyPage,
  type ApiSettingsState,
  type CurlExamples,
} from '../views/api-settings-page';
import { browserKeyForm, newKeyForm } from './api-key-schema';
import { apiOriginsSchema } from './api-origins-schema';

const USAGE_DAYS = 14;

/** What the page says after a change it was redirected from (?done=…). */
const NOTICES = new Map([
  ['revoked', 'Key revoked; it stops working within 5 seconds.'],
  ['origins', 'Web origins saved; the services use them within 5 seconds.'],
  ['browser-key', 'Browser key saved; the services use its origins and limit within 5 seconds.'],
]);

const CUT_NOW_UNCONFIRMED = 'Tick “Stop the old secret now” to cut it at once, or choose an overlap; nothing was rotated.';

/** The confirmation a revoke form carries: without it, the revoke page asks first. */
const REVOKE_CONFIRMATION = 'revoke';

export function apiSettingsRoutes(ctx: PortalContext): Router {
  const { store, publicUrls, defaultRateLimitPerMinute } = ctx;
  const repositories = repositoriesOf(store);
  const { apiAccounts, apiKeys, usage: usageRecords } = repositories;
  const accountLimit = (account: ApiAccount) => account.rateLimitPerMinute ?? defaultRateLimitPerMinute;
  const router = Router();
  // The API account is the one the signed-in person's address holds: reached only once they proved the address.
  router.use('/settings/api', requireUser, requireProvenAddress(ctx));

  async function show(res: Response, extra: Partial<ApiSettingsState> = {}, status = 200) {
    const email = signedInUser(res).email;
    const account = await apiAccounts.findAccount(email);
    const keys = account ? await apiKeys.keysOf(email) : [];
    const origins = account ? ((await apiAccounts.originsOf(email)) ?? []) : [];
    const usage = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key.key, (await usageRecords.ofKey(key.key)).slice(-USAGE_DAYS)] as const)),
    );
    const examples = extra.created ? await curlQuestions(signedInUser(res)) : undefined;
    const page = apiSettingsPage({
      csrf: csrfTokenOf(res),
      account,
      keys,
      origins: origins.join('\n'),
      usage,
      services: publicUrls,
      examples,
      accountLimit: account ? accountLimit(account) : undefined,
      now: ctx.now(),
      ...extra,
    });
    render(res, 'API settings', page, status);
  }

  /**
   * What the curl lines ask: the user's own latest article and handle when they have them; otherwise the demo
   * data's, with whether this Byline holds it (then they answer verified: true).
   */
  async function curlQuestions(user: PortalUser): Promise<CurlExamples> {
    const own = await ownQuestions(user);
    if (own) return own;
    const demoLoaded = (await store.articleAnswer(canonicalizeUrl(DEMO_ARTICLE_URL))) !== null;
    return { ...DEMO_QUESTIONS, demo: demoLoaded ? 'loaded' : 'missing' };
  }

  /** The user's latest active article and first handle, so the curl lines ask about something they know. */
  async function ownQuestions(user: PortalUser): Promise<CurlExamples | undefined> {
    if (!user.profileId) return undefined;
    const profile = await repositories.profiles.findById(user.profileId);
    const [article] = await repositories.articles.latest(user.profileId, 1);
    const socialType = SOCIAL_TYPES.find((type) => profile?.profile_social_profiles[type]);
    if (!article || !profile || !socialType) return undefined;
    return { articleUrl: article.link, socialType, socialUsername: profile.profile_social_profiles[socialType] };
  }

  async function requireAccount(res: Response): Promise<ApiAccount> {
    const account = await apiAccounts.findAccount(signedInUser(res).email);
    if (!account) throw new PageError(409, 'Open an API account first.');
    return account;
  }

  /** The user's own active browser key named in the path, or 404 (another account's key looks like no key at all). */
  async function requireOwnBrowserKey(res: Response, key: string) {
    const account = await requireAccount(res);
    const found = await ownBrowserKey(apiKeys, account.email, key);
    if (!found) throw new PageError(404, 'There is no such active browser key on your account.');
    return { account, key: found };
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
    await apiAccounts.openAccount(signedInUser(res).email, ctx.now());
    res.redirect(303, '/settings/api');
  });

  router.post('/settings/api/keys', async (req, res) => {
    const account = await requireAccount(res);
    const form = newKeyForm(req.body, accountLimit(account));
    if (!form.ok) return show(res, { errors: form.errors, newKey: form.value }, 422);
    await putFlash(req, ctx, keyToShow(await createNamedKey(apiKeys, account.email, form.value.name, form.browser, ctx.now())));
    res.redirect(303, '/settings/api');
  });

  router.get('/settings/api/keys/:key/browser', async (req, res) => {
    const { account, key } = await requireOwnBrowserKey(res, String(req.params.key));
    render(res, 'Browser key', browserKeyPage({ csrf: csrfTokenOf(res), key, accountLimit: accountLimit(account) }));
  });

  router.post('/settings/api/keys/:key/browser', async (req, res) => {
    const { account, key } = await requireOwnBrowserKey(res, String(req.params.key));
    const form = browserKeyForm(req.body, accountLimit(account));
    if (!form.ok || !form.browser) {
      const page = browserKeyPage({
        csrf: csrfTokenOf(res),
        key,
        accountLimit: accountLimit(account),
        form: form.value,
        errors: form.errors,
      });
      return render(res, 'Browser key', page, 422);
    }
    await changeBrowserKey(apiKeys, account.email, key.key, form.browser);
    res.redirect(303, '/settings/api?done=browser-key');
  });

  router.post('/settings/api/origins', async (req, res) => {
    const { email } = await requireAccount(res);
    const form = validateForm<{ origins: string[] }>(apiOriginsSchema, req.body);
    if (!form.ok)
      return show(res, { errors: form.errors, origins: String((req.body as { origins?: unknown }).origins ?? '') }, 422);
    await apiAccounts.setOrigins(email, form.value.origins);
    res.redirect(303, '/settings/api?done=origins');
  });

  /** The user's own key that can be rotated (active, not rotated away already), or 404. */
  async function requireRotatableKey(res: Response, key: string) {
    const { email } = await requireAccount(res);
    const found = await ownKey(apiKeys, email, key);
    if (!found || !isRotatable(found)) throw new PageError(404, 'There is no such active key on your account.');
    return { email, key: found };
  }

  // Rotating takes a choice (how long the old secret keeps working): the keys table links to this page.
  router.get('/settings/api/keys/:key/rotate', async (req, res) => {
    const { key } = await requireRotatableKey(res, String(req.params.key));
    render(res, 'Rotate key', rotateKeyPage({ csrf: csrfTokenOf(res), key, now: ctx.now() }));
  });

  router.post('/settings/api/keys/:key/rotate', async (req, res) => {
    const { email, key } = await requireRotatableKey(res, String(req.params.key));
    const form = validateForm<RotateKeyForm>(rotateKeySchema, req.body);
    const page = (errors: FieldErrors, status: number) =>
      render(res, 'Rotate key', rotateKeyPage({ csrf: csrfTokenOf(res), key, now: ctx.now(), form: req.body, errors }), status);
    // A form without a choice (an old page, a hand-made request) is asked again, not obeyed.
    if (!form.ok && !(req.body as { overlap?: unknown }).overlap) return page({}, 200);
    if (!form.ok) return page(form.errors, 422);
    // Cutting the old secret at once stops whatever still uses it: only with the box that says so ticked.
    if (form.value.overlap === 'now' && form.value.confirm_now !== 'on') return page({ confirm_now: CUT_NOW_UNCONFIRMED }, 422);
    const at = ctx.now();
    const created = await rotateKey(apiKeys, email, key.key, { overlap: form.value.overlap, at });
    if (!created) throw new PageError(404, 'There is no such active key on your account.');
    await putFlash(req, ctx, {
      ...keyToShow(created),
      replaced: { key: key.key, stopsAt: created.oldStopsAt.toISOString() },
    } satisfies KeyToShow);
    res.redirect(303, '/settings/api');
  });

  // Revoking cannot be undone: the keys table links to this page, which asks before its form revokes.
  router.get('/settings/api/keys/:key/revoke', async (req, res) => {
    const { email } = await requireAccount(res);
    const key = await ownKey(apiKeys, email, String(req.params.key));
    if (!key || key.revoked_at) throw new PageError(404, 'There is no such active key on your account.');
    render(res, 'Revoke key', revokeKeyPage({ csrf: csrfTokenOf(res), key }));
  });

  router.post('/settings/api/keys/:key/revoke', async (req, res) => {
    const { email } = await requireAccount(res);
    const key = await ownKey(apiKeys, email, String(req.params.key));
    if (!key) throw new PageError(404, 'There is no such key on your account.');
    // A form without the confirmation (an old page, a hand-made request) is asked again, not obeyed.
    if ((req.body as { confirm?: unknown }).confirm !== REVOKE_CONFIRMATION)
      return render(res, 'Revoke key', revokeKeyPage({ csrf: csrfTokenOf(res), key }));
    await revokeKey(apiKeys, email, key.key, ctx.now());
    res.redirect(303, '/settings/api?done=revoked');
  });

  return router;
}
