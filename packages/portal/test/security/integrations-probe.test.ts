import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AddressPolicy, type Outbound } from '@byline/fetcher';
import { newSigningSecret } from '@byline/editorial/webhooks/signing';
import { runWebhookDelivery } from '@byline/editorial/webhooks/deliver';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { createSafeFetch, type SafeFetch } from '@byline/fetcher';
import { aProfile, capturingLogger, seed, startReceiver, type Receiver } from '@byline/test-support';
import { editor, journalist } from '../support/editors';
import { csrfFrom, everythingStored, portalStoreFactories, startPortal, submit, type Portal } from '../support/portal-harness';
import { addWebhook as add, secretOn, withApiAccount } from '../support/webhooks';

/**
 * An attacker's probe of the integrations surfaces: the API settings' webhooks (another account's endpoints,
 * CSRF, signed-out visitors, accounts without API access, GETs for changes, secrets, hostile receivers' answers,
 * addresses that lead inside), the worker's delivery to hostile receivers, and the embeddable badge. Every
 * attempt is refused with a 4xx (or, for the badge, answered with the neutral image), and the store holds exactly
 * the bytes it held before.
 */

const refused = (status: number) => expect(status >= 400 && status < 500).toBe(true);

async function unchanged<T>(portal: Portal, attempt: () => Promise<T>): Promise<T> {
  const before = await everythingStored(portal.store);
  const result = await attempt();
  expect((await everythingStored(portal.store)).equals(before)).toBe(true);
  return result;
}

/** A local server with a hand-written answer (for what the shared receiver cannot do: stay silent, stream a lot). */
async function rawServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(portalStoreFactories())('probing the integrations surfaces ($name store)', (factory) => {
  let portal: Portal;
  let receiver: Receiver;
  let keys = 0;
  beforeEach(async () => {
    portal = await startPortal(factory);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await portal.close();
  });

  const withAccount = () => withApiAccount(portal);

  /** A key of the account revoked (an event for its endpoints), fanned out into messages. */
  async function revokedKeyEvent(email: string) {
    const key = `bk_probe${++keys}`;
    await portal.repositories.apiKeys.createKey({ email, name: 'k', key, secretHash: 'h' }, new Date());
    await portal.repositories.apiKeys.revokeKey(key, new Date());
    await runWebhookFanOut({
      webhookEndpoints: portal.repositories.webhookEndpoints,
      webhookDeliveries: portal.repositories.webhookDeliveries,
      queue: portal.repositories.queue,
      database: portal.store.database,
      holder: 'probe',
      now: () => new Date(),
    });
  }
  const deliver = (fetch: SafeFetch, now: () => Date = () => new Date()) =>
    runWebhookDelivery({
      webhookEndpoints: portal.repositories.webhookEndpoints,
      webhookDeliveries: portal.repositories.webhookDeliveries,
      queue: portal.repositories.queue,
      accounts: portal.repositories.apiAccounts,
      fetch,
      holder: 'probe',
      now,
    });
  const loopbackFetch = (timeoutMs = 5_000) =>
    createSafeFetch({ policy: new AddressPolicy(['127.0.0.0/8']), resolve: async () => [], timeoutMs });

  /** The victim's endpoint with one message attempted, and an attacker with an API account and an endpoint of their own. */
  async function arranged() {
    const victim = await withAccount();
    expect((await add(victim.agent, { url: receiver.url, events: 'api_key.revoked' })).status).toBe(303);
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(victim.email);
    await revokedKeyEvent(victim.email);
    receiver.answer = { status: 500, body: 'nope' };
    await deliver(loopbackFetch());
    const [message] = await portal.repositories.webhookDeliveries.messagesOf(endpoint!.id, 1);
    const attacker = await withAccount();
    await add(attacker.agent, { url: receiver.url, events: 'api_key.revoked' });
    const [own] = await portal.repositories.webhookEndpoints.endpointsOf(attacker.email);
    return { victim, attacker, endpoint: endpoint!, message: message!, own: own! };
  }

  const changes = (id: number, messageId: number): [string, Record<string, string>][] => [
    [`/settings/api/webhooks/${id}/disable`, {}],
    [`/settings/api/webhooks/${id}/enable`, {}],
    [`/settings/api/webhooks/${id}/rotate`, {}],
    [`/settings/api/webhooks/${id}/test`, {}],
    [`/settings/api/webhooks/${id}/remove`, { confirm: 'remove' }],
    [`/settings/api/webhooks/${id}/messages/${messageId}/redeliver`, {}],
  ];

  it('another account cannot see, change or redeliver an endpoint that is not its own: 404, and nothing changes', async () => {
    const { victim, attacker, endpoint, message, own } = await arranged();
    const csrf = csrfFrom((await attacker.agent.get('/settings/api/webhooks')).text);
    const listing = await attacker.agent.get('/settings/api/webhooks');
    expect(listing.text).not.toContain(`/settings/api/webhooks/${endpoint.id}"`);
    await unchanged(portal, async () => {
      for (const page of [`/settings/api/webhooks/${endpoint.id}`, `/settings/api/webhooks/${endpoint.id}/remove`]) {
        const res = await attacker.agent.get(page);
        expect([page, res.status]).toEqual([page, 404]);
        expect(res.text).not.toContain('nope');
        expect(res.text).not.toContain(victim.email);
      }
      for (const [action, fields] of changes(endpoint.id, message.id)) {
        const res = await attacker.agent
          .post(action)
          .type('form')
          .send({ _csrf: csrf, ...fields });
        expect([action, res.status]).toEqual([action, 404]);
      }
      // The victim's message through the attacker's own endpoint, and id spellings that are not plain numbers.
      const crossed = `/settings/api/webhooks/${own.id}/messages/${message.id}/redeliver`;
      expect((await attacker.agent.post(crossed).type('form').send({ _csrf: csrf })).status).toBe(404);
      for (const id of [
        `${endpoint.id}.0`,
        `0x${endpoint.id.toString(16)}`,
        ` ${endpoint.id}`,
        `${endpoint.id}e0`,
        '-0',
        '1e400',
      ]) {
        const res = await attacker.agent
          .post(`/settings/api/webhooks/${encodeURIComponent(id)}/disable`)
          .type('form')
          .send({ _csrf: csrf });
        refused(res.status);
      }
    });
    expect(await portal.repositories.webhookEndpoints.find(endpoint.id)).toMatchObject({
      enabled: true,
      secret: endpoint.secret,
    });
  });

  it('signed-out visitors, missing or forged CSRF tokens, GETs for changes and accounts without API access change nothing', async () => {
    const { victim, endpoint, message } = await arranged();
    const anonymous = request.agent(portal.app);
    const anonymousCsrf = csrfFrom((await anonymous.get('/signin')).text);
    const page = `/settings/api/webhooks/${endpoint.id}`;
    const other = await journalist(portal);
    const otherCsrf = csrfFrom((await other.agent.get('/account/delete')).text);
    await unchanged(portal, async () => {
      for (const path of ['/settings/api/webhooks', page, `${page}/remove`]) {
        const res = await anonymous.get(path);
        expect([res.status, res.headers.location]).toEqual([303, `/signin?next=${encodeURIComponent(path)}`]);
      }
      const actions = [
        ...changes(endpoint.id, message.id),
        ['/settings/api/webhooks', { url: receiver.url, events: 'api_key.revoked' }],
      ] as const;
      for (const [action, fields] of actions) {
        expect([
          action,
          (
            await anonymous
              .post(action)
              .type('form')
              .send({ _csrf: anonymousCsrf, ...fields })
          ).status,
        ]).toEqual([action, 401]);
        // The owner's own session, without a token, with another session's token, and with a made-up one.
        for (const token of [undefined, otherCsrf, 'forged', '']) {
          const res = await victim.agent
            .post(action)
            .type('form')
            .send(token === undefined ? fields : { _csrf: token, ...fields });
          expect([action, token, res.status]).toEqual([action, token, 403]);
        }
        // A journalist (no API account) with a valid token of their own.
        const res = await other.agent
          .post(action)
          .type('form')
          .send({ _csrf: otherCsrf, ...fields });
        refused(res.status);
      }
      // State changes are POST only: a GET (a link, an image on a hostile page) finds nothing to do.
      for (const [action] of changes(endpoint.id, message.id).filter(([a]) => !a.endsWith('/remove'))) {
        const res = await victim.agent.get(action);
        expect([action, res.status]).toEqual([action, 404]);
      }
      expect((await victim.agent.get(`${page}/remove?confirm=remove`)).status).toBe(200);
    });
    expect((await other.agent.get('/settings/api/webhooks')).status).toBe(409);
    // An editor has no API account either: their role gives them nobody's endpoints.
    const staff = await editor(portal);
    const staffCsrf = csrfFrom((await staff.agent.get('/account/delete')).text);
    await unchanged(portal, async () => {
      expect((await staff.agent.get('/settings/api/webhooks')).status).toBe(409);
      for (const path of [page, `${page}/remove`]) refused((await staff.agent.get(path)).status);
      for (const [action, fields] of changes(endpoint.id, message.id)) {
        refused(
          (
            await staff.agent
              .post(action)
              .type('form')
              .send({ _csrf: staffCsrf, ...fields })
          ).status,
        );
      }
    });
    expect(await portal.repositories.webhookEndpoints.find(endpoint.id)).not.toBeNull();
  });

  it("secrets are shown once, only to their owner, never logged; a hostile receiver's answer and address are shown as text", async () => {
    const { logger, output } = capturingLogger();
    await portal.close();
    portal = await startPortal(factory, { logger });
    const { agent, email } = await withAccount();
    const hostileUrl = `${receiver.url}?a="><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const posted = await add(agent, { url: hostileUrl, events: 'api_key.revoked' });
    expect(posted.status).toBe(303);
    const shown = await agent.get('/settings/api/webhooks');
    const secret = secretOn(shown.text)!;
    expect(secret).toMatch(/^whsec_/);
    expect(shown.headers['cache-control']).toBe('no-store');
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(email);
    const path = `/settings/api/webhooks/${endpoint!.id}`;

    receiver.answer = { status: 500, body: '</pre><script>alert(document.cookie)</script><pre>' };
    await revokedKeyEvent(email);
    await deliver(loopbackFetch());
    for (const page of ['/settings/api/webhooks', path, `${path}/remove`]) {
      const res = await agent.get(page);
      expect([page, res.status]).toEqual([page, 200]);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toMatch(/<script>alert|<img src=x/);
    }
    expect((await agent.get(path)).text).toContain('&lt;/pre&gt;&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    // A second session of the same account (a stolen cookie later) does not get the secret either.
    expect((await agent.get('/settings/api/webhooks')).text).not.toContain(secret);
    const rotated = await submit(agent, '/settings/api/webhooks', `${path}/rotate`, {});
    const second = secretOn((await agent.get(rotated.headers.location!)).text)!;
    expect(second).not.toBe(secret);
    expect(output()).not.toContain(secret);
    expect(output()).not.toContain(second);
    expect(output()).not.toContain('whsec_');
  });

  it('refuses over-long input, unknown events and every address that leads inside, storing nothing', async () => {
    const names: Record<string, string[]> = {
      'hooks.example': ['93.184.216.34'],
      'internal.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['93.184.216.34', '127.0.0.1'],
      'v6loop.example': ['::1'],
      'mapped.example': ['::ffff:192.168.0.1'],
    };
    const outbound: Outbound = {
      policy: AddressPolicy.DEFAULT,
      resolve: async (host) => {
        const found = names[host];
        if (!found) throw new Error(`unknown name ${host}`);
        return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    };
    await portal.close();
    portal = await startPortal(factory, { outbound });
    const { agent, email } = await withAccount();
    const urls = [
      'http://hooks.example/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://2130706433/hook',
      'https://0x7f.0.0.1/hook',
      'https://0177.0.0.1/hook',
      'https://127.1/hook',
      'https://0/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://100.64.0.1/hook',
      'https://internal.example/hook',
      'https://metadata.example/hook',
      'https://mixed.example/hook',
      'https://v6loop.example/hook',
      'https://mapped.example/hook',
      'https://user:pass@hooks.example/hook',
      'https://user@hooks.example/hook',
      'https://hooks.example@127.0.0.1/hook',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'gopher://hooks.example/',
      '//hooks.example/hook',
      'hooks.example/hook',
      `https://hooks.example/${'a'.repeat(2100)}`,
      `https://${'a'.repeat(70)}.example/hook`,
    ];
    await unchanged(portal, async () => {
      for (const url of urls) {
        const res = await add(agent, { url, events: 'api_key.revoked' });
        expect([url.slice(0, 60), res.status]).toEqual([url.slice(0, 60), 422]);
        expect(res.text).toMatch(/id="f-url-error" role="alert">/);
      }
      for (const events of ['not.an.event', '__proto__', 'api_key.revoked,journalist.verified', '', 'x'.repeat(10_000)]) {
        const res = await add(agent, { url: 'https://hooks.example/hook', events });
        expect([events.slice(0, 40), res.status]).toEqual([events.slice(0, 40), 422]);
        expect(res.text).toMatch(/id="f-events-error" role="alert">/);
      }
      const junk = await agent
        .post('/settings/api/webhooks')
        .type('form')
        .send(
          `_csrf=${csrfFrom((await agent.get('/settings/api/webhooks')).text)}&url[__proto__][x]=1&events[constructor][prototype][y]=1`,
        );
      refused(junk.status);
    });
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toEqual([]);
    // Ten endpoints at most: an account cannot multiply the deliveries each event costs.
    for (let i = 0; i < 10; i++)
      expect((await add(agent, { url: `https://hooks.example/${i}`, events: 'api_key.revoked' })).status).toBe(303);
    const eleventh = await add(agent, { url: 'https://hooks.example/10', events: 'api_key.revoked' });
    expect(eleventh.status).toBe(422);
    expect(eleventh.text).toMatch(/at most 10 endpoints/);
    expect(await portal.repositories.webhookEndpoints.endpointsOf(email)).toHaveLength(10);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).y).toBeUndefined();
  });

  it('delivery: a redirect is a failure and never followed; silence times out; a huge answer is cut; Retry-After is capped', async () => {
    /** A fresh account's endpoint on `url` with one message waiting for it. */
    async function oneMessageTo(url: string) {
      const { email } = await withAccount();
      const endpoint = await portal.repositories.webhookEndpoints.add(
        { email, url, events: ['api_key.revoked'], secret: newSigningSecret() },
        new Date(),
      );
      await revokedKeyEvent(email);
      return async () => (await portal.repositories.webhookDeliveries.messagesOf(endpoint.id, 1))[0]!;
    }
    const inside = await startReceiver();
    try {
      for (const location of [inside.url, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', '/elsewhere']) {
        receiver.answer = { status: 307, headers: { Location: location } };
        const message = await oneMessageTo(receiver.url);
        await deliver(loopbackFetch());
        expect([location, (await message()).state, (await message()).attempts[0]?.status]).toEqual([location, 'pending', 307]);
      }
      expect(inside.received).toEqual([]);

      // A name that resolved to a public address when registered and to loopback now (DNS rebinding): the fetcher
      // judges the address it connects to, so nothing is sent.
      const port = new URL(inside.url).port;
      const rebinding = createSafeFetch({
        policy: AddressPolicy.DEFAULT,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        timeoutMs: 2_000,
      });
      const rebound = await oneMessageTo(`http://rebind.example:${port}/hooks`);
      await deliver(rebinding);
      expect((await rebound()).state).toBe('pending');
      expect((await rebound()).attempts[0]).toMatchObject({ status: null });
      expect(inside.received).toEqual([]);

      // A Retry-After of centuries (in seconds, or as a date) holds the message for a day at most.
      for (const retryAfter of ['99999999999999999999999', 'Fri, 31 Dec 9999 23:59:59 GMT', '-5', '1e9', '1'.repeat(400)]) {
        receiver.answer = { status: 503, headers: { 'Retry-After': retryAfter } };
        const message = await oneMessageTo(receiver.url);
        const start = Date.now() + 1000;
        await deliver(loopbackFetch(), () => new Date(start));
        expect([retryAfter, (await message()).attempts.map((a) => a.status)]).toEqual([retryAfter, [503]]);
        receiver.answer = { status: 204 };
        await deliver(loopbackFetch(), () => new Date(start + 24 * 3_600_000 + 1000));
        expect([retryAfter, (await message()).state]).toEqual([retryAfter, 'delivered']);
      }
    } finally {
      await inside.close();
    }

    const silent = await rawServer(() => undefined);
    // Headers at once, then a byte every 100 ms, for ever: the attempt's time limit covers the body too.
    const trickle = await rawServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
    });
    const huge = await rawServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, '<');
      let sent = 0;
      const more = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    try {
      for (const url of [silent.url, trickle.url, huge.url]) {
        const message = await oneMessageTo(url);
        const started = Date.now();
        await deliver(loopbackFetch(1_000));
        expect(Date.now() - started).toBeLessThan(5_000);
        const [tried] = (await message()).attempts;
        if (url === huge.url) expect(tried!.excerpt).toBe('<'.repeat(1024));
        // A trickled body is cut at the time limit: what arrived is kept, and the attempt is a failure all the same.
        else if (url === trickle.url) expect([tried!.status, tried!.excerpt]).toEqual([500, expect.stringMatching(/^x{0,30}$/)]);
        else expect(tried!.error).toMatch(/timed out|timeout/);
      }
    } finally {
      await silent.close();
      await trickle.close();
      await huge.close();
    }
  });

  it('the badge: a hostile name is text in the SVG; slug tricks get the neutral badge; no header is injected', async () => {
    const [record] = await seed(portal.store, aProfile({ profile_first_name: '</text><x/>&amp;', profile_last_name: ']]>"\'' }));
    const own = await request(portal.app).get(`/j/${record!.profile_slug}/badge.svg`);
    expect(own.status).toBe(200);
    const svg = own.body.toString('utf8') as string;
    expect(svg).not.toMatch(/<x\/>|]]>|"'/);
    expect(svg).toContain('>&lt;/text&gt;&lt;x/&gt;&amp;amp; ]]&gt;');
    const neutral = (await request(portal.app).get('/j/nobody-at-all/badge.svg')).body.toString('utf8') as string;
    for (const slug of [
      '..%2F..%2Fsettings%2Fapi',
      `${record!.profile_slug}%2F..%2F${record!.profile_slug}`,
      `${record!.profile_slug}%00`,
      '%0d%0aSet-Cookie:%20owned=1',
      `${record!.profile_slug}%0d%0aX-Injected:%201`,
      '%E2%80%AE',
      'a'.repeat(5000),
      '__proto__',
      'constructor',
      '%25',
      '%27%22%3E%3Csvg%20onload=alert(1)%3E',
    ]) {
      const res = await request(portal.app).get(`/j/${slug}/badge.svg`);
      expect([slug.slice(0, 40), res.status]).toEqual([slug.slice(0, 40), res.status === 404 ? 404 : 200]);
      if (res.status === 200) expect(res.body.toString('utf8')).toBe(neutral);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-injected']).toBeUndefined();
      expect(JSON.stringify(res.headers)).not.toContain('owned');
    }
  });
});
