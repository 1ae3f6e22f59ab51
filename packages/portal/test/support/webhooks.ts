import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch } from '@byline/fetcher';
import { loopbackOutbound } from '@byline/test-support';
import { relayStoreOutbox } from '@byline/shared/store';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent, type WebhookPayload } from '@byline/domain/webhook-events/webhook-event';
import { signedUp, submit, type Agent, type Portal } from './portal-harness';

/** The signing secret the page shows, once, after an endpoint is added. */
export const secretOn = (html: string) => /id="new-webhook-secret">([^<]+)</.exec(html)?.[1];

/** Opens the signed-in person's API account through API settings. */
export const openApiAccount = (agent: Agent) => submit(agent, '/settings/api', '/settings/api/account', {});

/** Opens the signed-in person's API account and makes a server key named cms, through API settings. */
export async function openApiAccountWithKey(agent: Agent) {
  await openApiAccount(agent);
  await submit(agent, '/settings/api', '/settings/api/keys', { name: 'cms', kind: 'server', key_origins: '', key_limit: '' });
}

/** Someone signed up with an API account opened. */
export async function withApiAccount(portal: Portal) {
  const session = await signedUp(portal.app);
  await openApiAccount(session.agent);
  return session;
}

/** Adds a webhook endpoint through API settings → Webhooks. */
export const addWebhook = (agent: Agent, fields: Record<string, string | string[]>) =>
  submit(agent, '/settings/api/webhooks', '/settings/api/webhooks', fields);

/** The worker's two webhook runs on the portal's store, with the fetcher its outbound rules allow (loopback in tests). */
export async function webhookWorkerTick(portal: Portal) {
  const { webhookEndpoints, webhookDeliveries, queue, apiAccounts: accounts } = portal.repositories;
  const now = () => new Date();
  await runWebhookFanOut({ webhookEndpoints, webhookDeliveries, queue, database: portal.store.database, holder: 't', now });
  const fetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 5_000 });
  return runWebhookDelivery({ webhookEndpoints, webhookDeliveries, queue, accounts, fetch, holder: 't', now });
}

/**
 * The article events the portal's store queued since the last call of the returned function (seen ones skipped), as
 * payloads: relayed from the outbox, then taken from the queue as the worker's fan-out would (past any clock a test
 * moves on: re-checks days later).
 */
export function articleEventsOf(portal: () => Portal, holder: string) {
  const seen = new Set<string>();
  const since = async (): Promise<WebhookPayload[]> => {
    await relayStoreOutbox(portal().store.database);
    const items = await portal().repositories.queue.takeDue({
      topic: WEBHOOK_EVENT_TOPIC,
      now: new Date(Date.now() + 60 * 24 * 3_600_000),
      holder,
      leaseMs: 1,
      limit: 100,
      evenIfNotDue: true,
    });
    const events = items.map((item) => item.payload as unknown as WebhookEvent).filter((event) => !seen.has(event.id));
    for (const event of events) seen.add(event.id);
    return events.map((event) => event.payload).filter((payload) => payload.type.startsWith('article.'));
  };
  return Object.assign(since, { forget: () => seen.clear() });
}
