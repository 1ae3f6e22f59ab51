import { Webhook } from 'standardwebhooks';
import { setApiAccountStatus } from '@byline/editorial/webhooks/account-hold';
import { DEFAULT_OUTBOUND } from '@byline/fetcher';
import { WEBHOOK_EVENT_DESCRIPTIONS } from '@byline/domain/webhook-events/webhook-event';
import { receiverForEachTest } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, restartPortal, submit } from './support/portal-harness';
import { addWebhook as add, secretOn, webhookWorkerTick, withApiAccount } from './support/webhooks';

describe.each(portalStoreFactories())('API settings: webhooks ($name store)', (factory) => {
  const portal = portalForEachTest(factory);
  const receiver = receiverForEachTest();

  const withAccount = () => withApiAccount(portal);
  const workerTick = () => webhookWorkerTick(portal);

  it('adds an endpoint whose secret is shown once, lists it, disables, enables and rotates it', async () => {
    const { agent, email } = await withAccount();
    expect((await agent.get('/settings/api')).text).toContain('href="/settings/api/webhooks"');
    expect((await agent.get('/settings/api/webhooks')).text).toContain('No endpoints yet.');

    const posted = await add(agent, { url: receiver.url, events: ['api_key.revoked', 'journalist.unverified'] });
    expect(posted.status).toBe(303);
    const shown = await agent.get(posted.headers.location!);
    const secret = secretOn(shown.text)!;
    expect(secret).toMatch(/^whsec_/);
    expect(shown.headers['cache-control']).toBe('no-store');
    const again = await agent.get('/settings/api/webhooks');
    expect(secretOn(again.text)).toBeUndefined();
    expect(again.text).not.toContain(secret);
    expect(again.text).toContain(receiver.url);
    expect(again.text).toContain('<code>api_key.revoked</code>, <code>journalist.unverified</code>');
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(email);
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['api_key.revoked', 'journalist.unverified'], secret });

    const disabled = await submit(agent, '/settings/api/webhooks', `/settings/api/webhooks/${endpoint!.id}/disable`, {});
    expect(disabled.headers.location).toBe('/settings/api/webhooks?done=disabled');
    expect((await agent.get(disabled.headers.location!)).text).toContain('Disabled (disabled by its owner)');
    await submit(agent, '/settings/api/webhooks', `/settings/api/webhooks/${endpoint!.id}/enable`, {});
    expect((await portal.repositories.webhookEndpoints.find(endpoint!.id))?.enabled).toBe(true);

    const rotated = await submit(agent, '/settings/api/webhooks', `/settings/api/webhooks/${endpoint!.id}/rotate`, {});
    const newSecret = secretOn((await agent.get(rotated.headers.location!)).text);
    expect(newSecret).toMatch(/^whsec_/);
    expect(await portal.repositories.webhookEndpoints.find(endpoint!.id)).toMatchObject({
      secret: newSecret,
      previousSecret: secret,
    });
  });

  it('sends a test event to one endpoint through the normal delivery, signed; the page describes every event', async () => {
    const { agent, email } = await withAccount();
    const page = (await agent.get('/settings/api/webhooks')).text;
    for (const [type, description] of Object.entries(WEBHOOK_EVENT_DESCRIPTIONS)) {
      expect(page).toContain(`<code>${type}</code>`);
      expect(page).toContain(description);
    }
    const posted = await add(agent, { url: receiver.url, events: 'journalist.verified' });
    const secret = secretOn((await agent.get(posted.headers.location!)).text)!;
    await add(agent, { url: `${receiver.url}/other`, events: 'journalist.verified' });
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(email);
    const path = `/settings/api/webhooks/${endpoint!.id}`;
    expect((await agent.get('/settings/api/webhooks')).text).toContain(`action="${path}/test"`);

    const tested = await submit(agent, path, `${path}/test`, {});
    expect([tested.status, tested.headers.location]).toEqual([303, `${path}?done=tested`]);
    expect((await agent.get(tested.headers.location!)).text).toContain('Test event queued');
    await workerTick();

    // Delivered once, to that endpoint only, signed with its secret as Standard Webhooks asks.
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const event = new Webhook(secret).verify(delivery!.body, {
      'webhook-id': delivery!.id,
      'webhook-timestamp': delivery!.timestamp,
      'webhook-signature': delivery!.signature,
    }) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint!.id } });
    const shown = (await agent.get(path)).text;
    expect(shown).toContain('<code>webhook.test</code> · delivered');
    expect(shown).toContain('HTTP 204');

    // Another account cannot test this endpoint; without the form's token nobody can.
    const other = await withAccount();
    expect((await submit(other.agent, '/settings/api/webhooks', `${path}/test`, {})).status).toBe(404);
    expect((await agent.post(`${path}/test`).type('form').send({})).status).toBe(403);
    await workerTick();
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses a bad address or no events with 422 naming the field, and stores nothing', async () => {
    const { agent, email } = await withAccount();
    const noEvents = await add(agent, { url: receiver.url });
    expect(noEvents.status).toBe(422);
    expect(noEvents.text).toMatch(/id="f-events-error" role="alert">Choose at least one event/);
    const notHttps = await add(agent, { url: 'ftp://hooks.example/', events: 'api_key.revoked' });
    expect(notHttps.status).toBe(422);
    expect(notHttps.text).toMatch(/id="f-url-error" role="alert">The address must be an absolute https address/);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toEqual([]);
  });

  it('refuses a private address unless ALLOWED_PRIVATE_ADDRESSES lists it', async () => {
    await restartPortal(portal, factory, { outbound: DEFAULT_OUTBOUND });
    const { agent, email } = await withAccount();
    for (const url of [receiver.url, 'https://192.168.1.10/hook']) {
      const refused = await add(agent, { url, events: 'api_key.revoked' });
      expect(refused.status).toBe(422);
      expect(refused.text).toMatch(/id="f-url-error" role="alert">The address must be a public internet address/);
    }
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toEqual([]);
  });

  it("shows each delivery's attempts and redelivers; another account's endpoint is a 404; removing asks first", async () => {
    const { agent, email } = await withAccount();
    await add(agent, { url: receiver.url, events: 'api_key.revoked' });
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(email);
    const path = `/settings/api/webhooks/${endpoint!.id}`;
    await portal.repositories.apiKeys.createKey({ email, name: 'k', key: 'bk_portal', secretHash: 'h' }, new Date());
    receiver.answer = { status: 500, body: 'receiver <b>broke</b>' };
    await submit(agent, '/settings/api', '/settings/api/keys/bk_portal/revoke', { confirm: 'revoke' });
    await workerTick();

    const page = await agent.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<code>api_key.revoked</code> · pending');
    expect(page.text).toContain('HTTP 500');
    expect(page.text).toContain('<pre>receiver &lt;b&gt;broke&lt;/b&gt;</pre>');
    expect(page.text).toMatch(/Failing since <time/);

    receiver.answer = { status: 204 };
    const [message] = await portal.repositories.webhookDeliveries.messagesOf(endpoint!.id, 1);
    const redelivered = await submit(agent, path, `${path}/messages/${message!.id}/redeliver`, {});
    expect(redelivered.headers.location).toBe(`${path}?done=redelivered`);
    await workerTick();
    expect(receiver.received.map((r) => r.id)).toEqual([message!.eventId, message!.eventId]);
    expect((await agent.get(path)).text).toContain('HTTP 204');

    const other = await withAccount();
    expect((await other.agent.get(path)).status).toBe(404);
    expect((await submit(other.agent, '/settings/api/webhooks', `${path}/disable`, {})).status).toBe(404);
    expect((await other.agent.post(`${path}/disable`).type('form').send({})).status).toBe(403);

    expect((await agent.get(`${path}/remove`)).text).toContain('Remove the endpoint');
    const unconfirmed = await submit(agent, `${path}/remove`, `${path}/remove`, {});
    expect(unconfirmed.status).toBe(200);
    expect(await portal.repositories.webhookEndpoints.find(endpoint!.id)).not.toBeNull();
    const removed = await submit(agent, `${path}/remove`, `${path}/remove`, { confirm: 'remove' });
    expect(removed.headers.location).toBe('/settings/api/webhooks?done=removed');
    expect(await portal.repositories.webhookEndpoints.find(endpoint!.id)).toBeNull();
  });

  it('a suspended account sees its messages held, none sent; reinstated, they are sent and shown delivered', async () => {
    const { agent, email } = await withAccount();
    const posted = await add(agent, { url: receiver.url, events: 'api_key.revoked' });
    const secret = secretOn((await agent.get(posted.headers.location!)).text)!;
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(email);
    const path = `/settings/api/webhooks/${endpoint!.id}`;
    const status = (to: 'suspended' | 'active') => setApiAccountStatus(portal.repositories, email, to);
    await portal.repositories.apiKeys.createKey({ email, name: 'k', key: 'bk_held_portal', secretHash: 'h' }, new Date());

    await status('suspended');
    await submit(agent, '/settings/api', '/settings/api/keys/bk_held_portal/revoke', { confirm: 'revoke' });
    expect(await workerTick()).toMatchObject({ delivered: 0, failed: 0, held: 1 });
    expect(receiver.received).toHaveLength(0);

    const list = await agent.get('/settings/api/webhooks');
    expect(list.text).toMatch(/data-label="Status">Held: the account is suspended</);
    expect(list.text).toContain('Your API account is suspended: messages to your endpoints are held');
    const deliveries = await agent.get(path);
    expect(deliveries.text).toContain('<code>api_key.revoked</code> · held: the account is suspended');
    expect(deliveries.text).toContain('Not attempted yet.');
    // What a change says while held: not "within seconds".
    expect((await agent.get(`${path}?done=redelivered`)).text).toContain(
      'Message queued again; it is sent once your API account is reinstated.',
    );
    expect((await agent.get('/settings/api/webhooks?done=enabled')).text).toContain(
      'the messages waiting for it are sent once your API account is reinstated',
    );

    await status('active');
    expect((await agent.get(`${path}?done=redelivered`)).text).toContain('it is sent within seconds');
    expect(await workerTick()).toMatchObject({ delivered: 1 });
    const [delivery] = receiver.received;
    const headers = {
      'webhook-id': delivery!.id,
      'webhook-timestamp': delivery!.timestamp,
      'webhook-signature': delivery!.signature,
    };
    expect(new Webhook(secret).verify(delivery!.body, headers)).toMatchObject({ data: { key: 'bk_held_portal' } });
    const after = await agent.get(path);
    expect(after.text).toContain('<code>api_key.revoked</code> · delivered');
    expect(after.text).not.toContain('held: the account is suspended');
    expect((await agent.get('/settings/api/webhooks')).text).toMatch(/data-label="Status">Enabled</);
  });

  it('an account deleted by its owner takes its endpoints with it', async () => {
    const { agent, email } = await withAccount();
    await add(agent, { url: receiver.url, events: 'api_key.revoked' });
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toHaveLength(1);
    const deleted = await submit(agent, '/account/delete', '/account/delete', { email });
    expect(deleted.status).toBe(303);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toEqual([]);
  });
});
