import { Webhook } from 'standardwebhooks';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import {
  registerEndpoint,
  redeliverMessage,
  rotateEndpointSecret,
  setEndpointEnabled,
  type WebhookDeps,
} from '@byline/editorial/webhooks/manage-endpoints';
import { RETRY_DELAYS_MS } from '@byline/editorial/webhooks/retry-schedule';
import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { setApiAccountStatus, type AccountReader } from '@byline/editorial/webhooks/account-hold';
import { type WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';
import { createSafeFetch, DEFAULT_OUTBOUND } from '@byline/fetcher';
import { loopbackOutbound, storeFactories } from '@byline/test-support';
import { decide, newProfile, startReceiver, type Receiver } from './webhook-fixtures';

/**
 * Webhooks end to end in-process, on each store: changes made through the repositories (an editor's decision, a
 * key's revocation), the worker's fan-out and delivery runs, and a real receiver on loopback (allowed as
 * ALLOWED_PRIVATE_ADDRESSES allows it). The clock handed to the runs is moved to pass the retry schedule without
 * waiting; the receiver's answers are switched to take it down and bring it back.
 */
describe.each(storeFactories())('webhooks ($name store)', (factory) => {
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
  const fetch = createSafeFetch({ ...outbound, timeoutMs: 5_000 });
  const deps = (): WebhookDeps => ({ ...webhookPorts(), outbound, now });

  /** One worker tick: fan the events out, deliver what is due. */
  const tick = async (fetcher = fetch, accounts: AccountReader = repositories.apiAccounts) => {
    await runWebhookFanOut({ ...webhookPorts(), database: store.database, holder: 'w1', now });
    return runWebhookDelivery({ ...webhookPorts(), accounts, fetch: fetcher, holder: 'w1', now });
  };
  const advance = (ms: number) => {
    clock += ms;
  };

  async function endpoint(events: string, email = 'dev@example.org', url = receiver.url): Promise<WebhookEndpoint> {
    const result = await registerEndpoint(deps(), { email, url, events });
    if (!('endpoint' in result)) throw new Error(result.problem.message);
    return result.endpoint;
  }
  const types = () => receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);

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

  it('signs with the Standard Webhooks scheme: the standardwebhooks verifier accepts it, with both secrets after a rotation', async () => {
    const hook = await endpoint('journalist.verified,journalist.unverified');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    expect(await tick()).toMatchObject({ delivered: 1, failed: 0 });

    const [first] = receiver.received;
    const headers = { 'webhook-id': first!.id, 'webhook-timestamp': first!.timestamp, 'webhook-signature': first!.signature };
    expect(first!.id).toMatch(/^msg_/);
    expect(first!.timestamp).toBe(String(Math.floor(clock / 1000)));
    expect(new Webhook(hook.secret).verify(first!.body, headers)).toEqual({
      type: 'journalist.verified',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { slug: profile.slug },
    });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(first!.body, headers)).toThrow();

    const secret = await rotateEndpointSecret(deps(), hook);
    await decide(repositories, profile.id, 'unverified');
    await tick();
    const second = receiver.received[1]!;
    const secondHeaders = {
      'webhook-id': second.id,
      'webhook-timestamp': second.timestamp,
      'webhook-signature': second.signature,
    };
    expect(second.signature.split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(second.body, secondHeaders)).toMatchObject({ type: 'journalist.unverified' });
    expect(new Webhook(hook.secret).verify(second.body, secondHeaders)).toMatchObject({ type: 'journalist.unverified' });
  });

  it('receiver down for a while, then up: every event arrives once, in order, on the retry schedule', async () => {
    const hook = await endpoint('journalist.verified,journalist.unverified,api_key.revoked');
    receiver.answer = { status: 503, body: 'down for maintenance' };
    const profile = await newProfile(repositories);
    await decide(repositories, profile.id, 'verified');
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_down', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_down', new Date());
    await decide(repositories, profile.id, 'unverified');
    await decide(repositories, profile.id, 'verified');

    // Only the oldest message is tried while it fails: the others wait behind it.
    expect(await tick()).toMatchObject({ delivered: 0, failed: 1 });
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    advance(RETRY_DELAYS_MS[0]);
    expect(await tick()).toMatchObject({ failed: 1 });
    expect((await repositories.webhookEndpoints.find(hook.id))?.failingSince).not.toBeNull();
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);

    receiver.answer = { status: 200, body: 'ok' };
    advance(RETRY_DELAYS_MS[1] - 1000);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    advance(1000);
    expect(await tick()).toMatchObject({ delivered: 4, failed: 0 });

    const deliveredIds = receiver.received.slice(2).map((r) => r.id);
    expect(new Set(deliveredIds).size).toBe(4);
    expect(receiver.received[2]!.id).toBe(receiver.received[0]!.id);
    expect(types().slice(2)).toEqual(['journalist.verified', 'api_key.revoked', 'journalist.unverified', 'journalist.verified']);
    expect((await repositories.webhookEndpoints.find(hook.id))?.failingSince).toBeNull();
    const [, , , oldest] = await repositories.webhookDeliveries.messagesOf(hook.id, 10);
    expect(oldest!.attempts.map((a) => [a.status, a.excerpt])).toEqual([
      [503, 'down for maintenance'],
      [503, 'down for maintenance'],
      [200, 'ok'],
    ]);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(6);

    // Redelivery sends it again, with its own id.
    expect(await redeliverMessage(deps(), hook, oldest!.id)).toBe(true);
    await tick();
    expect(receiver.received.map((r) => r.id).slice(-1)).toEqual([receiver.received[0]!.id]);
  });

  it('honours Retry-After when longer than the schedule, and treats a redirect as a failure', async () => {
    await endpoint('api_key.revoked');
    receiver.answer = { status: 302, headers: { Location: 'https://example.org/' } };
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_retry', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_retry', new Date());
    expect(await tick()).toMatchObject({ delivered: 0, failed: 1 });

    receiver.answer = { status: 429, headers: { 'Retry-After': '120' } };
    advance(RETRY_DELAYS_MS[0]);
    expect(await tick()).toMatchObject({ failed: 1 });
    receiver.answer = { status: 204 };
    advance(RETRY_DELAYS_MS[1] - 1000);
    expect(await tick()).toMatchObject({ delivered: 0 });
    advance(1000);
    expect(await tick()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(3);
  });

  it('a Retry-After past the next scheduled wait holds the retry until then', async () => {
    await endpoint('api_key.revoked');
    receiver.answer = { status: 503, headers: { 'Retry-After': '120' } };
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_later', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_later', new Date());
    expect(await tick()).toMatchObject({ failed: 1 });
    receiver.answer = { status: 204 };
    advance(RETRY_DELAYS_MS[0]);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    advance(120_000 - RETRY_DELAYS_MS[0]);
    expect(await tick()).toMatchObject({ delivered: 1 });
  });

  it('keeps the first 1 KB of a long answer, which is no failure', async () => {
    const hook = await endpoint('api_key.revoked');
    receiver.answer = { status: 200, body: 'é'.repeat(3000) };
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_long', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_long', new Date());
    expect(await tick()).toMatchObject({ delivered: 1, failed: 0 });
    const [message] = await repositories.webhookDeliveries.messagesOf(hook.id, 1);
    expect(message!.attempts[0]!.excerpt).toBe('é'.repeat(1024));
  });

  it('a 410 disables the endpoint; enabling it again delivers what waited', async () => {
    const hook = await endpoint('api_key.revoked');
    receiver.answer = { status: 410 };
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_gone', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_gone', new Date());
    expect(await tick()).toMatchObject({ failed: 1, disabled: 1 });
    expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'answered 410 Gone',
    });

    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k2', key: 'bk_gone2', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_gone2', new Date());
    advance(60_000);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);

    receiver.answer = { status: 204 };
    await setEndpointEnabled(deps(), (await repositories.webhookEndpoints.find(hook.id))!, true);
    expect(await tick()).toMatchObject({ delivered: 1 });
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({ data: { key: 'bk_gone' } });
  });

  it('an endpoint failing for five days is marked failing on the way, then disabled; a message past the schedule is given up', async () => {
    const hook = await endpoint('api_key.revoked');
    receiver.answer = { status: 500 };
    for (const key of ['bk_a', 'bk_b']) {
      await repositories.apiKeys.createKey({ email: 'dev@example.org', name: key, key, secretHash: 'h' }, new Date());
      await repositories.apiKeys.revokeKey(key, new Date());
    }
    const start = clock;
    await tick();
    for (const wait of RETRY_DELAYS_MS) {
      advance(wait);
      await tick();
      expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({
        enabled: true,
        failingSince: new Date(start).toISOString(),
      });
    }
    const [second, first] = await repositories.webhookDeliveries.messagesOf(hook.id, 10);
    expect(first).toMatchObject({ state: 'failed', attemptCount: 10 });
    expect(second).toMatchObject({ state: 'pending', attemptCount: 1 });
    while ((await repositories.webhookEndpoints.find(hook.id))?.enabled) {
      advance(24 * 3_600_000);
      await tick();
    }
    expect(clock - start).toBeGreaterThanOrEqual(5 * 24 * 3_600_000);
    expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing for 5 days',
    });
  });

  describe('a suspended account', () => {
    const email = 'held@example.org';
    const status = (to: 'suspended' | 'active') =>
      setApiAccountStatus({ ...deps(), apiAccounts: repositories.apiAccounts }, email, to);
    /** A key of the account made and revoked: an api_key.revoked event for its endpoints. */
    const revoked = async (key: string) => {
      await repositories.apiKeys.createKey({ email, name: key, key, secretHash: 'h' }, new Date());
      await repositories.apiKeys.revokeKey(key, new Date());
    };
    const dataOf = (body: string) => (JSON.parse(body) as { data: { key: string } }).data.key;

    it('has its messages held, unattempted however long, then sent in order and signed once it is reinstated', async () => {
      const hook = await endpoint('api_key.revoked', email);
      await revoked('bk_before');
      expect(await tick()).toMatchObject({ delivered: 1 });

      expect(await status('suspended')).toBe(true);
      await revoked('bk_held1');
      await revoked('bk_held2');
      expect(await tick()).toMatchObject({ delivered: 0, failed: 0, held: 1 });
      // Past the retry schedule and the five days that disable a failing endpoint: still nothing sent, nothing counted.
      for (const wait of [RETRY_DELAYS_MS[0], 6 * 24 * 3_600_000]) {
        advance(wait);
        expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
      }
      expect(receiver.received).toHaveLength(1);
      const held = await repositories.webhookDeliveries.messagesOf(hook.id, 5);
      expect(held.map((m) => [m.state, m.attemptCount, m.attempts.length])).toEqual([
        ['pending', 0, 0],
        ['pending', 0, 0],
        ['delivered', 1, 1],
      ]);
      expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({ enabled: true, failingSince: null });

      expect(await status('active')).toBe(true);
      expect(await tick()).toMatchObject({ delivered: 2, failed: 0, held: 0 });
      expect(receiver.received.map((r) => dataOf(r.body))).toEqual(['bk_before', 'bk_held1', 'bk_held2']);
      for (const delivery of receiver.received.slice(1)) {
        const headers = {
          'webhook-id': delivery.id,
          'webhook-timestamp': delivery.timestamp,
          'webhook-signature': delivery.signature,
        };
        // Signed when sent, not when the event was made: a receiver's five-minute window is met on the day it arrives.
        expect(delivery.timestamp).toBe(String(Math.floor(clock / 1000)));
        const realNow = jest.spyOn(Date, 'now').mockReturnValue(clock);
        try {
          expect(new Webhook(hook.secret).verify(delivery.body, headers)).toMatchObject({ type: 'api_key.revoked' });
        } finally {
          realNow.mockRestore();
        }
      }
      expect(await repositories.webhookDeliveries.messagesOf(hook.id, 5)).toEqual(
        expect.arrayContaining([expect.objectContaining({ state: 'delivered', attemptCount: 1 })]),
      );
      expect(await status('suspended')).toBe(true);
      expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({ enabled: true });
      // Other accounts are not held.
      const other = await endpoint('api_key.revoked', 'free@example.org');
      await repositories.apiKeys.createKey({ email: 'free@example.org', name: 'k', key: 'bk_free', secretHash: 'h' }, new Date());
      await repositories.apiKeys.revokeKey('bk_free', new Date());
      expect(await tick()).toMatchObject({ delivered: 1 });
      expect(await repositories.webhookDeliveries.messagesOf(other.id, 1)).toEqual([
        expect.objectContaining({ state: 'delivered' }),
      ]);
    });

    it('the time held does not count toward the five days that disable a failing endpoint, nor as attempts', async () => {
      const hook = await endpoint('api_key.revoked', email);
      receiver.answer = { status: 500 };
      await revoked('bk_failing');
      expect(await tick()).toMatchObject({ failed: 1 });
      const failingSince = (await repositories.webhookEndpoints.find(hook.id))!.failingSince;
      expect(failingSince).not.toBeNull();

      await status('suspended');
      advance(6 * 24 * 3_600_000);
      expect(await tick()).toMatchObject({ delivered: 0, failed: 0, held: 1 });
      expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({ enabled: true, failingSince });

      await status('active');
      expect(await tick()).toMatchObject({ failed: 1, disabled: 0 });
      expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({
        enabled: true,
        failingSince: now().toISOString(),
      });
      const [message] = await repositories.webhookDeliveries.messagesOf(hook.id, 1);
      expect(message).toMatchObject({ state: 'pending', attemptCount: 2 });
      receiver.answer = { status: 204 };
      advance(RETRY_DELAYS_MS[1]);
      expect(await tick()).toMatchObject({ delivered: 1 });
    });

    it('reinstated while a worker holds its delivery item: the worker, finding it so once done, queues it again', async () => {
      const hook = await endpoint('api_key.revoked', email);
      await revoked('bk_first');
      await status('suspended');
      await revoked('bk_race');
      // The reinstatement lands between the worker's read of the account (suspended) and its letting the item go:
      // its own hurry finds the item leased and leaves it.
      let raced = false;
      const racing: AccountReader = {
        findAccount: async (account) => {
          const found = await repositories.apiAccounts.findAccount(account);
          if (!raced && found?.status === 'suspended') {
            raced = true;
            await status('active');
          }
          return found;
        },
      };
      // Let go, read again, queued again: the same run sends both.
      expect(await tick(fetch, racing)).toMatchObject({ delivered: 2, held: 1 });
      expect(raced).toBe(true);
      expect(await tick()).toMatchObject({ delivered: 0, held: 0 });
      expect(receiver.received.map((r) => dataOf(r.body))).toEqual(['bk_first', 'bk_race']);
      expect(await repositories.webhookDeliveries.messagesOf(hook.id, 5)).toHaveLength(2);
    });
  });

  // `byline accounts reactivate` on an account that was never suspended held nothing: the five days of failures that
  // disable an endpoint must keep counting from the endpoint's first failure (only time held is not to count).
  it('reactivating an account never suspended keeps its failing endpoint’s failingSince', async () => {
    const email = 'active@example.org';
    const hook = await endpoint('api_key.revoked', email);
    await repositories.apiKeys.createKey({ email, name: 'k', key: 'bk_active', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_active', new Date());
    receiver.answer = { status: 500 };
    expect(await tick()).toMatchObject({ failed: 1 });
    const failingSince = (await repositories.webhookEndpoints.find(hook.id))!.failingSince;
    expect(failingSince).not.toBeNull();

    // Never suspended: "reactivate" is a no-op for the account, and must be one for its endpoints' failure clock.
    expect((await repositories.apiAccounts.findAccount(email))?.status).toBe('active');
    expect(await setApiAccountStatus({ ...deps(), apiAccounts: repositories.apiAccounts }, email, 'active')).toBe(true);
    expect(await repositories.webhookEndpoints.find(hook.id)).toMatchObject({ failingSince });
  });

  it('refuses a private-address endpoint unless ALLOWED_PRIVATE_ADDRESSES lists it, and at delivery too', async () => {
    const publicOnly: WebhookDeps = { ...deps(), outbound: DEFAULT_OUTBOUND };
    for (const url of [receiver.url, 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://localhost/hook']) {
      expect(await registerEndpoint(publicOnly, { email: 'dev@example.org', url, events: 'api_key.revoked' })).toEqual({
        problem: { field: 'url', message: expect.stringMatching(/public internet address/) },
      });
    }
    expect(
      await registerEndpoint(deps(), { email: 'dev@example.org', url: 'ftp://x.example/', events: 'api_key.revoked' }),
    ).toEqual({
      problem: { field: 'url', message: 'must be an absolute https address' },
    });
    expect(await registerEndpoint(deps(), { email: 'dev@example.org', url: receiver.url, events: 'nope' })).toEqual({
      problem: { field: 'events', message: 'unknown event type: nope' },
    });

    // Registered while allowed; the fetcher the worker delivers with refuses it at connect time.
    const hook = await endpoint('api_key.revoked');
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_priv', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_priv', new Date());
    expect(await tick(createSafeFetch({ ...DEFAULT_OUTBOUND, timeoutMs: 5_000 }))).toMatchObject({ failed: 1 });
    expect(receiver.received).toHaveLength(0);
    const [message] = await repositories.webhookDeliveries.messagesOf(hook.id, 1);
    expect(message!.attempts[0]).toMatchObject({ status: null, error: expect.stringMatching(/not a public internet address/) });
  });

  it("tells an account of its own keys' revocation only, and only endpoints subscribed to the event", async () => {
    const mine = await endpoint('api_key.revoked', 'dev@example.org');
    const theirs = await endpoint('api_key.revoked', 'other@example.org');
    const unsubscribed = await endpoint('journalist.verified', 'dev@example.org');
    await repositories.apiKeys.createKey({ email: 'dev@example.org', name: 'k', key: 'bk_mine', secretHash: 'h' }, new Date());
    await repositories.apiKeys.revokeKey('bk_mine', new Date());
    await tick();
    expect(await repositories.webhookDeliveries.messagesOf(mine.id, 5)).toHaveLength(1);
    expect(await repositories.webhookDeliveries.messagesOf(theirs.id, 5)).toHaveLength(0);
    expect(await repositories.webhookDeliveries.messagesOf(unsubscribed.id, 5)).toHaveLength(0);
  });
});
