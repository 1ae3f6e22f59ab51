import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch } from '@byline/fetcher';
import { loopbackOutbound } from '@byline/test-support';
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
