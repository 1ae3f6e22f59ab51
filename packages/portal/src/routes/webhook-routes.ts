import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import {
  endpointOf,
  registerEndpoint,
  redeliverMessage,
  removeEndpoint,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointEnabled,
  type WebhookDeps,
} from '@byline/editorial/webhooks/manage-endpoints';
import { holdsDeliveries } from '@byline/editorial/webhooks/account-hold';
import { type WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { requireProvenAddress } from './address-proof-routes';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { putFlash, takeFlash } from '../http/sessions';
import {
  deliveriesPage,
  removeEndpointPage,
  webhooksPage,
  type SecretToShow,
  type WebhooksPageState,
} from '../views/webhooks-page';
import { newEndpointSchema, type NewEndpointForm } from './webhook-schema';

/** What the page says after a change it was redirected from (?done=…), while the account's deliveries are held. */
const HELD_NOTICES = new Map([
  ['enabled', 'Endpoint enabled; the messages waiting for it are sent once your API account is reinstated.'],
  ['redelivered', 'Message queued again; it is sent once your API account is reinstated.'],
  ['tested', 'Test event queued; it is sent once your API account is reinstated.'],
]);
const noticeFor = (done: unknown, held: boolean) =>
  (held ? HELD_NOTICES.get(String(done)) : undefined) ?? NOTICES.get(String(done));

/** What the page says after a change it was redirected from (?done=…). */
const NOTICES = new Map([
  ['enabled', 'Endpoint enabled; the messages waiting for it are sent within seconds.'],
  ['disabled', 'Endpoint disabled; no more messages are sent to it until you enable it.'],
  ['removed', 'Endpoint removed.'],
  ['redelivered', 'Message queued again; it is sent within seconds, after any older ones still waiting.'],
  ['tested', 'Test event queued; it is sent within seconds, after any older messages still waiting. It is listed below.'],
]);

/** How many messages the deliveries page lists, newest first. */
const MESSAGES_SHOWN = 50;

/**
 * The API settings' webhooks: an account's endpoints, a new one (its secret shown once, by post/redirect/get as a
 * new key's), enabling, disabling, rotating the secret, removing (asked first), and each endpoint's deliveries with
 * redelivery. Every rule is the editorial webhooks use cases, which the CLI shares.
 */
export function webhookRoutes(ctx: PortalContext): Router {
  const { store, outbound, now } = ctx;
  const repositories = repositoriesOf(store);
  const deps: WebhookDeps = {
    webhookEndpoints: repositories.webhookEndpoints,
    webhookDeliveries: repositories.webhookDeliveries,
    queue: repositories.queue,
    outbound,
    now,
  };
  const router = Router();
  router.use('/settings/api/webhooks', requireUser, requireProvenAddress(ctx));

  /** The signed-in person's API account: its email, and whether its deliveries are held (it is suspended). */
  async function requireAccount(res: Response): Promise<{ email: string; held: boolean }> {
    const { email } = signedInUser(res);
    const account = await repositories.apiAccounts.findAccount(email);
    if (!account) throw new PageError(409, 'Open an API account first.');
    return { email, held: holdsDeliveries(account) };
  }
  const requireAccountEmail = async (res: Response) => (await requireAccount(res)).email;

  /** The signed-in account's endpoint in the path, or 404 (another account's looks like none at all). */
  async function requireEndpoint(req: Request, res: Response): Promise<WebhookEndpoint> {
    const email = await requireAccountEmail(res);
    const endpoint = await endpointOf(deps, email, Number(req.params.id));
    if (!endpoint) throw new PageError(404, 'There is no such webhook endpoint on your account.');
    return endpoint;
  }

  async function show(req: Request, res: Response, extra: Partial<WebhooksPageState> = {}, status = 200) {
    const { email, held } = await requireAccount(res);
    const endpoints = await repositories.webhookEndpoints.endpointsOf(email);
    const notice = noticeFor(req.query.done, held);
    render(res, 'Webhooks', webhooksPage({ csrf: csrfTokenOf(res), endpoints, held, notice, ...extra }), status);
  }

  router.get('/settings/api/webhooks', async (req, res) => {
    const flash = await takeFlash<SecretToShow>(req, ctx);
    await show(req, res, {
      created: flash && typeof flash.webhookSecret === 'string' ? flash : undefined,
    });
  });

  router.post('/settings/api/webhooks', async (req, res) => {
    const email = await requireAccountEmail(res);
    const form = validateForm<NewEndpointForm>(newEndpointSchema, req.body);
    const given = req.body as { url?: unknown; events?: unknown };
    const shown = { url: String(given.url ?? ''), events: ([] as unknown[]).concat(given.events ?? []).map(String) };
    if (!form.ok) return show(req, res, { form: shown, errors: form.errors }, 422);
    const result = await registerEndpoint(deps, { email, url: form.value.url, events: form.value.events });
    if ('problem' in result) {
      const { field, message } = result.problem;
      return show(req, res, { form: shown, errors: { [field]: field === 'url' ? `The address ${message}` : message } }, 422);
    }
    const { endpoint } = result;
    await putFlash(req, ctx, {
      webhookSecret: endpoint.secret,
      endpointId: endpoint.id,
      url: endpoint.url,
    } satisfies SecretToShow);
    res.redirect(303, '/settings/api/webhooks');
  });

  router.get('/settings/api/webhooks/:id', async (req, res) => {
    const { held } = await requireAccount(res);
    const endpoint = await requireEndpoint(req, res);
    const messages = await repositories.webhookDeliveries.messagesOf(endpoint.id, MESSAGES_SHOWN);
    const notice = noticeFor(req.query.done, held);
    const page = deliveriesPage({ csrf: csrfTokenOf(res), endpoint, messages, held, notice });
    render(res, 'Webhook deliveries', page);
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/settings/api/webhooks/:id/${action}`, async (req, res) => {
      await setEndpointEnabled(deps, await requireEndpoint(req, res), enabled);
      res.redirect(303, `/settings/api/webhooks?done=${enabled ? 'enabled' : 'disabled'}`);
    });
  }

  router.post('/settings/api/webhooks/:id/rotate', async (req, res) => {
    const endpoint = await requireEndpoint(req, res);
    const secret = await rotateEndpointSecret(deps, endpoint);
    await putFlash(req, ctx, { webhookSecret: secret, endpointId: endpoint.id, url: endpoint.url } satisfies SecretToShow);
    res.redirect(303, '/settings/api/webhooks');
  });

  router.get('/settings/api/webhooks/:id/remove', async (req, res) => {
    const endpoint = await requireEndpoint(req, res);
    render(res, 'Remove endpoint', removeEndpointPage({ csrf: csrfTokenOf(res), endpoint }));
  });

  router.post('/settings/api/webhooks/:id/remove', async (req, res) => {
    const endpoint = await requireEndpoint(req, res);
    // A form without the confirmation (an old page, a hand-made request) is asked again, not obeyed.
    if ((req.body as { confirm?: unknown }).confirm !== 'remove') {
      return render(res, 'Remove endpoint', removeEndpointPage({ csrf: csrfTokenOf(res), endpoint }));
    }
    await removeEndpoint(deps, endpoint);
    res.redirect(303, '/settings/api/webhooks?done=removed');
  });

  router.post('/settings/api/webhooks/:id/test', async (req, res) => {
    const endpoint = await requireEndpoint(req, res);
    await sendTestEvent(deps, endpoint);
    res.redirect(303, `/settings/api/webhooks/${endpoint.id}?done=tested`);
  });

  router.post('/settings/api/webhooks/:id/messages/:message/redeliver', async (req, res) => {
    const endpoint = await requireEndpoint(req, res);
    if (!(await redeliverMessage(deps, endpoint, Number(req.params.message)))) {
      throw new PageError(404, 'There is no such message for this endpoint.');
    }
    res.redirect(303, `/settings/api/webhooks/${endpoint.id}?done=redelivered`);
  });

  return router;
}
