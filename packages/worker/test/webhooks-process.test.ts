/**
 * Webhooks through the built worker process (`node packages/worker/dist/main.js`) on an embedded store, with a real
 * receiver on loopback (ALLOWED_PRIVATE_ADDRESSES lists it): changes made beside the running worker arrive within
 * seconds, a receiver that hangs holds up no other endpoint, a worker killed while an attempt is in flight
 * leaves it to the next worker, which delivers it, and a suspended account's messages wait until it is reinstated.
 */
import { Webhook } from 'standardwebhooks';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { registerEndpoint } from '@byline/editorial/webhooks/manage-endpoints';
import { setApiAccountStatus } from '@byline/editorial/webhooks/account-hold';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import {
  buildPackages,
  LOOPBACK_ALLOWED,
  loopbackOutbound,
  spawnService,
  tempDir,
  until,
  type ServiceProcess,
} from '@byline/test-support';
import { decide, newProfile, startReceiver, type Receiver } from './webhook-fixtures';

beforeAll(() => buildPackages('worker'), 120_000);

describe('the worker process delivers webhooks', () => {
  let receiver: Receiver;
  let other: Receiver;
  let dataDir: string;
  let store: SqliteStore;
  let repositories: StoreRepositories;
  let worker: ServiceProcess | undefined;
  let endpointId: number;
  const start = () => spawnService('worker', { dataDir, env: { ...LOOPBACK_ALLOWED, LOG_LEVEL: 'info' } });
  const typesReceived = () => receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);

  beforeAll(async () => {
    receiver = await startReceiver();
    dataDir = tempDir('byline-webhooks-');
    store = SqliteStore.inDirectory(dataDir);
    repositories = repositoriesOf(store);
    const registered = await registerEndpoint(
      {
        webhookEndpoints: repositories.webhookEndpoints,
        webhookDeliveries: repositories.webhookDeliveries,
        queue: repositories.queue,
        outbound: loopbackOutbound(),
      },
      { email: 'dev@example.org', url: receiver.url, events: 'journalist.verified,journalist.unverified,api_key.revoked' },
    );
    if (!('endpoint' in registered)) throw new Error(registered.problem.message);
    endpointId = registered.endpoint.id;
    other = await startReceiver();
    await registerEndpoint(
      {
        webhookEndpoints: repositories.webhookEndpoints,
        webhookDeliveries: repositories.webhookDeliveries,
        queue: repositories.queue,
        outbound: loopbackOutbound(),
      },
      { email: 'other@example.org', url: other.url, events: 'journalist.verified' },
    );
    worker = await start();
  }, 30_000);

  afterAll(async () => {
    await worker?.stop();
    await receiver.close();
    await other.close();
    await repositories.close();
  });

  it('unverifying a profile and revoking a key each reach the receiver within 5 s', async () => {
    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    await until('journalist.verified', async () => (typesReceived().includes('journalist.verified') ? true : undefined));

    let changedAt = Date.now();
    await decide(repositories, profile.id, 'unverified');
    await until(
      'journalist.unverified',
      async () => (typesReceived().includes('journalist.unverified') ? true : undefined),
      5_000,
    );
    expect(Date.now() - changedAt).toBeLessThan(5_000);

    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_process', secretHash: 'h' }, new Date());
    changedAt = Date.now();
    await repositories.apiKeys.revokeKey('bk_process', new Date());
    await until('api_key.revoked', async () => (typesReceived().includes('api_key.revoked') ? true : undefined), 5_000);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    expect(typesReceived()).toEqual(['journalist.verified', 'journalist.unverified', 'api_key.revoked']);
  }, 30_000);

  it('a worker killed mid-delivery: the next worker delivers the message', async () => {
    receiver.answer = { status: 0 };
    const before = receiver.received.length;
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_killed', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_killed', new Date());
    await until('the attempt in flight', async () => (receiver.received.length > before ? true : undefined), 10_000);
    const inFlight = receiver.received[before]!;

    // While that receiver holds its attempt, another endpoint's event is not held up.
    const profile = await newProfile(repositories);
    const changedAt = Date.now();
    await decide(repositories, profile.id, 'verified');
    await until('the other endpoint told', async () => (other.received.length === 2 ? true : undefined), 5_000);
    expect(Date.now() - changedAt).toBeLessThan(5_000);

    worker!.process.kill('SIGKILL');
    await worker!.exited;
    receiver.answer = { status: 204 };
    worker = await start();

    // The dead worker's lease runs out (one attempt's time limit and a margin), then the new worker sends it again.
    await until(
      'the message delivered',
      async () => {
        const [message] = await repositories.webhookDeliveries.messagesOf(endpointId, 1);
        return message?.state === 'delivered' ? message : undefined;
      },
      40_000,
    );
    // Sent again with its own id, then (in order, behind it) the verification that happened meanwhile.
    const again = receiver.received.slice(before + 1);
    expect(again[0]!.id).toBe(inFlight.id);
    expect(again.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['api_key.revoked', 'journalist.verified']);
    expect(JSON.parse(again[0]!.body)).toMatchObject({ type: 'api_key.revoked', data: { key: 'bk_killed' } });
  }, 60_000);

  it('a suspended account receives nothing while the worker runs; reinstated, it receives what waited, signed', async () => {
    const held = await startReceiver();
    try {
      const deps = {
        webhookEndpoints: repositories.webhookEndpoints,
        webhookDeliveries: repositories.webhookDeliveries,
        queue: repositories.queue,
        outbound: loopbackOutbound(),
      };
      const registered = await registerEndpoint(deps, { email: 'held@example.org', url: held.url, events: 'api_key.revoked' });
      if (!('endpoint' in registered)) throw new Error(registered.problem.message);
      const { id, secret } = registered.endpoint;
      await repositories.apiKeys.createKey({ email: 'held@example.org', name: 'k', key: 'bk_held', secretHash: 'h' }, new Date());
      expect(await setApiAccountStatus({ ...deps, apiAccounts: repositories.apiAccounts }, 'held@example.org', 'suspended')).toBe(
        true,
      );
      await repositories.apiKeys.revokeKey('bk_held', new Date());

      // The worker made the message (fan-out), then held it: several of its one-second runs pass, nothing arrives.
      await until(
        'the message made',
        async () => ((await repositories.webhookDeliveries.messagesOf(id, 1)).length ? true : undefined),
        5_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(held.received).toHaveLength(0);
      expect(await repositories.webhookDeliveries.messagesOf(id, 1)).toEqual([
        expect.objectContaining({ state: 'pending', attemptCount: 0, attempts: [] }),
      ]);

      const reinstatedAt = Date.now();
      await setApiAccountStatus({ ...deps, apiAccounts: repositories.apiAccounts }, 'held@example.org', 'active');
      await until('the held message delivered', async () => (held.received.length ? true : undefined), 5_000);
      expect(Date.now() - reinstatedAt).toBeLessThan(5_000);
      const [delivery] = held.received;
      const headers = {
        'webhook-id': delivery!.id,
        'webhook-timestamp': delivery!.timestamp,
        'webhook-signature': delivery!.signature,
      };
      expect(new Webhook(secret).verify(delivery!.body, headers)).toMatchObject({
        type: 'api_key.revoked',
        data: { key: 'bk_held' },
      });
    } finally {
      await held.close();
    }
  }, 30_000);
});
