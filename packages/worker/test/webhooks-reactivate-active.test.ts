import type { Store } from '@byline/shared';
import {
  backendOf,
  createSafeFetch,
  registerEndpoint,
  runWebhookDelivery,
  runWebhookFanOut,
  setApiAccountStatus,
  type Backend,
} from '@byline/editorial';
import { loopbackOutbound, storeFactories } from '@byline/test-support';
import { startReceiver, type Receiver } from './webhook-fixtures';

/**
 * `byline accounts reactivate` on an account that was never suspended held nothing: the five days of failures that
 * disable an endpoint must keep counting from the endpoint's first failure (only time held is not to count).
 */
describe.each(storeFactories())('reactivating an active account ($name store)', (factory) => {
  let store: Store;
  let backend: Backend;
  let receiver: Receiver;
  let clock: number;
  const now = () => new Date(clock);
  const outbound = loopbackOutbound();
  const fetch = createSafeFetch({ ...outbound, timeoutMs: 5_000 });

  beforeEach(async () => {
    clock = Date.now();
    store = await factory.create();
    backend = backendOf(store);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await backend.close();
  });

  it('keeps a failing endpoint’s failingSince', async () => {
    const email = 'active@example.org';
    const deps = { webhooks: backend.webhooks, queue: backend.queue, outbound, now };
    const registered = await registerEndpoint(deps, { email, url: receiver.url, events: 'api_key.revoked' });
    if (!('endpoint' in registered)) throw new Error(registered.problem.message);
    await backend.apiAccounts.createKey({ email, name: 'k', key: 'bk_active', secretHash: 'h' });
    await backend.apiAccounts.revokeKey('bk_active');
    receiver.answer = { status: 500 };
    await runWebhookFanOut({ webhooks: backend.webhooks, queue: backend.queue, database: store.database, holder: 'w', now });
    const run = await runWebhookDelivery({
      webhooks: backend.webhooks,
      queue: backend.queue,
      accounts: backend.apiAccounts,
      fetch,
      holder: 'w',
      now,
    });
    expect(run).toMatchObject({ failed: 1 });
    const failingSince = (await backend.webhooks.find(registered.endpoint.id))!.failingSince;
    expect(failingSince).not.toBeNull();

    // Never suspended: "reactivate" is a no-op for the account, and must be one for its endpoints' failure clock.
    expect((await backend.apiAccounts.findAccount(email))?.status).toBe('active');
    expect(await setApiAccountStatus({ ...deps, apiAccounts: backend.apiAccounts }, email, 'active')).toBe(true);
    expect(await backend.webhooks.find(registered.endpoint.id)).toMatchObject({ failingSince });
  });
});
