import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@byline/domain/store/store';
import { ACCOUNT_SHARE } from '@byline/editorial/webhooks/delivery-slots';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { registerEndpoint, type WebhookDeps } from '@byline/editorial/webhooks/manage-endpoints';
import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch, type SafeFetch } from '@byline/fetcher';
import { loopbackOutbound, quietLogger, storeFactories } from '@byline/test-support';
import { startWebhookLoop, type WebhookLoop } from '../src/webhook-loop';
import { startReceiver, type Receiver } from './webhook-fixtures';

/** A receiver whose answers (2xx) wait until released: a slow endpoint, as slow as the test wants. */
interface SlowReceiver {
  url: string;
  /** The requests received, by path, whether answered yet or not. */
  received: string[];
  /** How many are waiting for their answer. */
  readonly waiting: number;
  /** Answers those waiting, and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

async function startSlowReceiver(): Promise<SlowReceiver> {
  const parked: http.ServerResponse[] = [];
  let released = false;
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      if (released) res.writeHead(204).end();
      else parked.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    get waiting() {
      return parked.length;
    },
    release() {
      released = true;
      for (const res of parked.splice(0)) res.writeHead(204).end();
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `done()` holds (checked every 20 ms), failing after a generous 15 s. */
async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(storeFactories())('webhook deliveries, fair and leased ($name store)', (factory) => {
  let store: Store;
  let repositories: StoreRepositories;
  /** What the webhooks' use cases take from the repositories. */
  const webhookPorts = () => ({
    webhookEndpoints: repositories.webhookEndpoints,
    webhookDeliveries: repositories.webhookDeliveries,
    queue: repositories.queue,
  });
  let receiver: Receiver;
  let clock: number;
  const now = () => new Date(clock);
  const outbound = loopbackOutbound();
  const fetch = createSafeFetch({ ...outbound, timeoutMs: 15_000 });
  const deps = (): WebhookDeps => ({ ...webhookPorts(), outbound, now });

  async function endpoint(email: string, url: string) {
    const result = await registerEndpoint(deps(), { email, url, events: 'api_key.revoked' });
    if (!('endpoint' in result)) throw new Error(result.problem.message);
    return result.endpoint;
  }
  /** A key of the account made and revoked: an api_key.revoked event for each of its endpoints. */
  async function revoke(email: string, key: string) {
    await repositories.apiKeys.createKey({ email, name: key, key, secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey(key, new Date());
  }

  beforeEach(async () => {
    clock = Date.now();
    store = await factory.create();
    repositories = repositoriesOf(store);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await repositories.close();
  });

  describe('one account’s slow endpoints', () => {
    let slow: SlowReceiver;
    let loop: WebhookLoop | undefined;
    beforeEach(async () => {
      slow = await startSlowReceiver();
    });
    afterEach(async () => {
      slow.release();
      await loop?.stop();
      loop = undefined;
      await slow.close();
    });

    it('hold at most its share of the delivery slots: another account’s message goes while they still wait', async () => {
      const slowAccount = 'slow@example.org';
      for (let n = 1; n <= 10; n++) await endpoint(slowAccount, `${slow.url}/hooks/${n}`);
      const fast = await endpoint('fast@example.org', receiver.url);
      loop = startWebhookLoop({
        ...webhookPorts(),
        accounts: repositories.apiAccounts,
        database: store.database,
        fetch,
        holder: 'worker-test',
        pollIntervalMs: 20,
        logger: quietLogger(),
      });

      // The slow account's ten endpoints are being delivered to, their answers not come.
      await revoke(slowAccount, 'bk_slow');
      await until('the slow account’s endpoints are being delivered to', () => slow.waiting >= ACCOUNT_SHARE);
      await revoke('fast@example.org', 'bk_fast');
      await until('the other account’s message arrives', () => receiver.received.length === 1);
      // Meanwhile none of the slow ones has been answered, and they never held more than their share.
      expect(slow.waiting).toBe(slow.received.length);
      expect(slow.waiting).toBeLessThanOrEqual(ACCOUNT_SHARE);
      await until('its message is recorded delivered', async () =>
        (await repositories.webhookDeliveries.messagesOf(fast.id, 5)).every((message) => message.state === 'delivered'),
      );
      expect(slow.waiting).toBeGreaterThan(0);

      // Answered at last: every one of the slow account's endpoints gets its message, once.
      slow.release();
      await until('every slow endpoint has its message', () => slow.received.length === 10);
      expect(new Set(slow.received).size).toBe(10);
      const slowEndpoints = await repositories.webhookEndpoints.endpointsOf(slowAccount);
      await until('all are recorded delivered', async () => {
        const messages = await Promise.all(slowEndpoints.map((hook) => repositories.webhookDeliveries.messagesOf(hook.id, 5)));
        return messages.every((of) => of.length === 1 && of[0]!.state === 'delivered');
      });
    });
  });

  it('a turn whose lease passed (the worker paused) stops: the same worker’s next turn sends the rest, once each', async () => {
    const hook = await endpoint('dev@example.org', receiver.url);
    for (const key of ['bk_1', 'bk_2', 'bk_3']) await revoke('dev@example.org', key);
    await runWebhookFanOut({ ...webhookPorts(), database: store.database, holder: 'w1', now });
    const run = (fetcher: SafeFetch) =>
      runWebhookDelivery({ ...webhookPorts(), accounts: repositories.apiAccounts, fetch: fetcher, holder: 'w1', now });

    // The first turn is paused at its first attempt for longer than its lease; meanwhile the same worker (one
    // holder name) begins on the endpoint again, and is at its second message when the first turn wakes up.
    let atSecond!: () => void;
    const secondReached = new Promise<void>((resolve) => (atSecond = resolve));
    let secondRun: Promise<unknown> | undefined;
    let secondCalls = 0;
    const second: SafeFetch = async (url, init) => {
      if (++secondCalls === 2) {
        atSecond();
        // It goes on only once the paused turn has done whatever it does on waking.
        await firstRun;
      }
      return fetch(url, init);
    };
    let paused = false;
    const first: SafeFetch = async (url, init) => {
      if (!paused) {
        paused = true;
        clock += 25_000;
        secondRun = run(second);
        await secondReached;
      }
      return fetch(url, init);
    };
    // (Called only after its first awaits, by which time firstRun is set.)
    const firstRun = run(first);
    await firstRun;
    await secondRun;

    const keys = receiver.received.map((r) => (JSON.parse(r.body) as { data: { key: string } }).data.key);
    // The attempt in flight when the lease passed arrives twice (at least once); no other message does.
    expect(keys.filter((key) => key === 'bk_1')).toHaveLength(2);
    expect(keys.filter((key) => key !== 'bk_1')).toEqual(['bk_2', 'bk_3']);
    expect([...new Set(keys)]).toEqual(['bk_1', 'bk_2', 'bk_3']);
    const messages = await repositories.webhookDeliveries.messagesOf(hook.id, 5);
    expect(messages.map((m) => m.state)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await repositories.queue.find('webhook-delivery', String(hook.id))).toBeNull();
  });
});
