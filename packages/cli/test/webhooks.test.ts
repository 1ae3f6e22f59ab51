import { Webhook } from 'standardwebhooks';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch } from '@byline/fetcher';
import { LOOPBACK_ALLOWED, loopbackOutbound, startReceiver, type Receiver } from '@byline/test-support';
import { byline, bylineWithEnv, cliTargets } from './cli-harness';

/** What the worker's webhook runs take from the store's repositories. */
const webhookPortsOf = (store: Store) => {
  const { webhookEndpoints, webhookDeliveries, queue } = repositoriesOf(store);
  return { webhookEndpoints, webhookDeliveries, queue };
};

describe.each(cliTargets())('byline webhooks ($name store)', (factory) => {
  const target = factory.create();
  const allowed = (...args: string[]) => bylineWithEnv({ ...target.env, ...LOOPBACK_ALLOWED }, ...args);
  let store: Store;
  let receiver: Receiver;

  beforeAll(async () => {
    await byline(target, 'keys', 'create', '--email', 'hooks@example.org', '--name', 'first');
    store = target.openStore();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await store.close();
    await target.cleanUp();
  });

  test('add (secret shown once), list, disable, enable, rotate, attempts and remove', async () => {
    expect(await byline(target, 'webhooks', 'add', 'hooks@example.org', receiver.url, '--events', 'api_key.revoked')).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('URL: must be a public internet address'),
    });
    expect(await allowed('webhooks', 'add', 'nobody@example.org', receiver.url, '--events', 'api_key.revoked')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No API account nobody@example.org.'),
    });
    expect(await allowed('webhooks', 'add', 'hooks@example.org', receiver.url, '--events', 'api_key.revoked,nope')).toMatchObject(
      {
        code: 2,
        stderr: expect.stringContaining('--events: unknown event type: nope.'),
      },
    );

    const added = await allowed('webhooks', 'add', 'hooks@example.org', receiver.url, '--events', 'api_key.revoked');
    expect(added).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(/^Added webhook endpoint \d+ for hooks@example.org\./),
    });
    const secret = added.stdout.trim();
    expect(secret).toMatch(/^whsec_/);
    const [endpoint] = await repositoriesOf(store).webhookEndpoints.endpointsOf('hooks@example.org');
    const id = String(endpoint!.id);

    const listed = await byline(target, 'webhooks', 'list', 'hooks@example.org');
    expect(listed.stdout).toMatch(
      new RegExp(`^ID .*\\n${id} +${receiver.url.replace(/[.]/g, '\\.')} +api_key\\.revoked +enabled`),
    );
    const json = (await byline(target, 'webhooks', 'list', 'hooks@example.org', '--json')).stdout;
    expect(json).not.toContain('whsec_');
    expect(JSON.parse(json)).toEqual([expect.objectContaining({ id: endpoint!.id, enabled: true })]);

    expect((await byline(target, 'webhooks', 'disable', id)).stdout).toBe(`Webhook endpoint ${id} disabled.\n`);
    expect((await byline(target, 'webhooks', 'list', 'hooks@example.org')).stdout).toContain('disabled (disabled by its owner)');
    expect((await byline(target, 'webhooks', 'enable', id)).stdout).toBe(`Webhook endpoint ${id} enabled.\n`);

    const rotated = await byline(target, 'webhooks', 'rotate', id);
    const newSecret = rotated.stdout.trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);

    // A revocation through the CLI, delivered by the worker's runs, signed by both secrets during the overlap.
    const keys = JSON.parse((await byline(target, 'keys', 'list', '--email', 'hooks@example.org', '--json')).stdout) as {
      key: string;
    }[];
    await byline(target, 'keys', 'revoke', keys[0]!.key);
    const ports = webhookPortsOf(store);
    await runWebhookFanOut({ ...ports, database: store.database, holder: 't', now: () => new Date() });
    const fetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 5_000 });
    await runWebhookDelivery({
      ...ports,
      accounts: repositoriesOf(store).apiAccounts,
      fetch,
      holder: 't',
      now: () => new Date(),
    });
    const [delivery] = receiver.received;
    const headers = {
      'webhook-id': delivery!.id,
      'webhook-timestamp': delivery!.timestamp,
      'webhook-signature': delivery!.signature,
    };
    for (const key of [secret, newSecret]) {
      expect(new Webhook(key).verify(delivery!.body, headers)).toMatchObject({
        type: 'api_key.revoked',
        data: { key: keys[0]!.key },
      });
    }
    expect((await byline(target, 'webhooks', 'attempts', id)).stdout).toMatch(/api_key\.revoked +delivered +\S+ +204/);

    expect((await byline(target, 'webhooks', 'remove', id)).stdout).toBe(`Removed webhook endpoint ${id}.\n`);
    expect(await byline(target, 'webhooks', 'list', 'hooks@example.org')).toMatchObject({
      stderr: 'No webhook endpoints for hooks@example.org.\n',
    });
    expect(await byline(target, 'webhooks', 'remove', id)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`No webhook endpoint ${id}.`),
    });
  });

  test('accounts suspend: list and attempts say its messages are held, none is sent; reactivate sends them, in order', async () => {
    const email = 'held@example.org';
    const token = (await byline(target, 'keys', 'create', '--email', email, '--name', 'one')).stdout.trim();
    const added = await allowed('webhooks', 'add', email, receiver.url, '--events', 'api_key.revoked', '--json');
    const { id, secret } = JSON.parse(added.stdout) as { id: number; secret: string };
    const ports = webhookPortsOf(store);
    const { apiAccounts } = repositoriesOf(store);
    const fetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 5_000 });
    const tick = async () => {
      await runWebhookFanOut({ ...ports, database: store.database, holder: 't', now: () => new Date() });
      return runWebhookDelivery({ ...ports, accounts: apiAccounts, fetch, holder: 't', now: () => new Date() });
    };
    const before = receiver.received.length;

    expect((await byline(target, 'accounts', 'suspend', email)).stdout).toBe(`Account ${email} is now suspended.\n`);
    const second = (await byline(target, 'keys', 'create', '--email', email, '--name', 'two')).stdout.trim();
    for (const key of [token, second]) await byline(target, 'keys', 'revoke', key.split(':')[0]!);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0, held: 1 });
    expect(receiver.received).toHaveLength(before);

    const listed = (await byline(target, 'webhooks', 'list', email)).stdout;
    expect(listed).toMatch(new RegExp(`\\n${id} +\\S+ +api_key\\.revoked +held: the account is suspended +`));
    expect(JSON.parse((await byline(target, 'webhooks', 'list', email, '--json')).stdout)).toEqual([
      expect.objectContaining({ id, enabled: true, held: true }),
    ]);
    const attempts = (await byline(target, 'webhooks', 'attempts', String(id))).stdout.trim().split('\n').slice(1);
    expect(attempts).toHaveLength(2);
    for (const row of attempts) expect(row).toMatch(/api_key\.revoked +held: the account is suspended +- +- *$/);

    expect((await byline(target, 'accounts', 'reactivate', email)).stdout).toBe(`Account ${email} is now active.\n`);
    expect(await tick()).toMatchObject({ delivered: 2, failed: 0, held: 0 });
    const sent = receiver.received.slice(before);
    expect(sent.map((r) => (JSON.parse(r.body) as { data: { key: string } }).data.key)).toEqual(
      [token, second].map((t) => t.split(':')[0]),
    );
    for (const delivery of sent) {
      const headers = {
        'webhook-id': delivery.id,
        'webhook-timestamp': delivery.timestamp,
        'webhook-signature': delivery.signature,
      };
      expect(new Webhook(secret).verify(delivery.body, headers)).toMatchObject({ type: 'api_key.revoked' });
    }
    expect((await byline(target, 'webhooks', 'list', email)).stdout).toMatch(/api_key\.revoked +enabled +/);
    expect((await byline(target, 'webhooks', 'attempts', String(id))).stdout).toMatch(/api_key\.revoked +delivered +\S+ +204/);
  });
});
