import request from 'supertest';
import { createApiKey } from '@byline/shared';
import { issueConfirmLink } from '@byline/editorial/use-cases/address-proof';
import {
  csrfFrom,
  everythingStored,
  portalStoreFactories,
  signedUp,
  startPortal,
  type Agent,
  type Portal,
} from '../support/portal-harness';
import { startReceiver } from '@byline/test-support';
import { addWebhook, withApiAccount } from '../support/webhooks';

/**
 * An attacker's probe of the address proof: the confirmation link's form (another person's link, no password, no
 * CSRF token, a made-up token), "Send the link again" (a visitor, no CSRF token), and every API settings route
 * for someone whose address is unproven (their own address's account, another account's ids). Every attempt is
 * refused with a 4xx, and the store holds exactly the bytes it held before.
 */

const PASSWORD = 'correct horse battery';

async function unchanged<T>(portal: Portal, attempt: () => Promise<T>): Promise<T> {
  const before = await everythingStored(portal.store);
  const result = await attempt();
  expect((await everythingStored(portal.store)).equals(before)).toBe(true);
  return result;
}

const refused = (status: number) => expect(status >= 400 && status < 500).toBe(true);

async function post(agent: Agent, action: string, fields: Record<string, string>, csrf: string | null) {
  return agent
    .post(action)
    .type('form')
    .send(csrf === null ? fields : { _csrf: csrf, ...fields });
}

describe.each(portalStoreFactories())('probing the address proof ($name store)', (factory) => {
  let portal: Portal;
  let n = 0;
  beforeEach(async () => {
    portal = await startPortal(factory);
  });
  afterEach(() => portal.close());

  const email = (who: string) => `${who}${++n}-${Date.now()}@example.org`;

  /** A live confirmation link's token for the address. */
  async function tokenFor(address: string): Promise<{ token: string; path: string }> {
    const issued = await issueConfirmLink(portal.repositories, address, '', portal.clock.now);
    if (issued.status !== 'issued') throw new Error('no link');
    return { token: new URL(issued.link, 'http://portal.test').searchParams.get('token')!, path: issued.link };
  }

  it('refuses another person’s link, a missing password or CSRF token, and a made-up token, changing nothing', async () => {
    const victim = await signedUp(portal.app, email('victim'), PASSWORD, { proven: false });
    const attacker = await signedUp(portal.app, email('attacker'), 'attacker password', { proven: false });
    const { token, path } = await tokenFor(victim.email);
    const csrf = csrfFrom((await attacker.agent.get(path)).text);

    await unchanged(portal, async () => {
      refused((await post(attacker.agent, '/confirm-email', { token, password: 'attacker password' }, csrf)).status);
      refused((await post(attacker.agent, '/confirm-email', { token, password: '' }, csrf)).status);
      refused((await post(attacker.agent, '/confirm-email', { token }, csrf)).status);
      expect((await post(attacker.agent, '/confirm-email', { token, password: PASSWORD }, null)).status).toBe(403);
      expect((await post(attacker.agent, '/confirm-email', { token, password: PASSWORD }, 'forged')).status).toBe(403);
      const madeUp = 'A'.repeat(43);
      expect((await post(attacker.agent, '/confirm-email', { token: madeUp, password: PASSWORD }, csrf)).status).toBe(410);
      expect((await post(attacker.agent, '/confirm-email', { token: '../x', password: PASSWORD }, csrf)).status).toBe(410);
      const visitor = request.agent(portal.app);
      const visitorCsrf = csrfFrom((await visitor.get(path)).text);
      refused((await post(visitor, '/confirm-email', { token, password: 'a guess at it' }, visitorCsrf)).status);
    });
    for (const user of [victim, attacker])
      expect((await portal.repositories.users.findByEmail(user.email))?.emailVerifiedAt).toBeNull();
  });

  it('refuses "Send the link again" to a visitor and without a CSRF token', async () => {
    const person = await signedUp(portal.app, email('person'), PASSWORD, { proven: false });
    const visitor = request.agent(portal.app);
    const visitorCsrf = csrfFrom((await visitor.get('/signin')).text);
    await unchanged(portal, async () => {
      expect((await post(visitor, '/settings/email/link', {}, visitorCsrf)).status).toBe(401);
      expect((await post(person.agent, '/settings/email/link', {}, null)).status).toBe(403);
      expect((await visitor.get('/settings/email')).headers.location).toMatch(/^\/signin/);
    });
  });

  it('keeps every API settings route closed to an unproven address, its own account and another’s ids alike', async () => {
    const other = await withApiAccount(portal);
    const receiver = await startReceiver();
    const added = await addWebhook(other.agent, { url: receiver.url, events: 'api_key.revoked' });
    await receiver.close();
    expect(added.status).toBe(303);
    const [endpoint] = await portal.repositories.webhookEndpoints.endpointsOf(other.email);
    const [otherKey] = await portal.repositories.apiKeys.keysOf(other.email);
    const squatted = email('integration');
    const { key } = await createApiKey(portal.repositories.apiKeys, squatted, 'operator integration');
    const squatter = await signedUp(portal.app, squatted, PASSWORD, { proven: false });
    const csrf = csrfFrom((await squatter.agent.get('/profile')).text);

    await unchanged(portal, async () => {
      for (const id of [key, otherKey?.key ?? 'bk_none']) {
        for (const path of [`/settings/api/keys/${id}/revoke`, `/settings/api/keys/${id}/browser`])
          expect((await squatter.agent.get(path)).status).toBe(403);
        for (const action of ['rotate', 'revoke', 'browser'])
          expect((await post(squatter.agent, `/settings/api/keys/${id}/${action}`, { confirm: 'revoke' }, csrf)).status).toBe(
            403,
          );
      }
      expect((await squatter.agent.get('/settings/api')).status).toBe(403);
      expect((await post(squatter.agent, '/settings/api/account', {}, csrf)).status).toBe(403);
      expect((await post(squatter.agent, '/settings/api/keys', { name: 'mine' }, csrf)).status).toBe(403);
      expect((await post(squatter.agent, '/settings/api/origins', { origins: 'https://a.example' }, csrf)).status).toBe(403);
      const hook = `/settings/api/webhooks/${endpoint!.id}`;
      for (const path of ['/settings/api/webhooks', hook, `${hook}/deliveries`, `${hook}/remove`])
        refused((await squatter.agent.get(path)).status);
      for (const action of ['', '/enable', '/disable', '/rotate', '/remove'])
        refused((await post(squatter.agent, `${hook}${action}`, { confirm: 'remove' }, csrf)).status);
      refused(
        (
          await post(
            squatter.agent,
            '/settings/api/webhooks',
            { url: 'https://hooks.example.org/x', events: 'api_key.revoked' },
            csrf,
          )
        ).status,
      );
    });
  });
});
