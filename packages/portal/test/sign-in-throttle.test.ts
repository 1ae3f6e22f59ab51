import { setTimeout as sleep } from 'node:timers/promises';
import {
  capturingLogger,
  CLIENT as OWNER_ADDRESS,
  freePort,
  listening,
  OTHER_CLIENT as ATTACKER_ADDRESS,
  pausableProxy,
  quietLogger,
  REDIS_URL,
  redisAnswers,
  uniquePrefix,
  until,
  type Listening,
} from '@byline/test-support';
import { createApp } from '../src/app';
import { createSignInThrottle } from '../src/auth/create-sign-in-throttle';
import { SignInThrottle } from '../src/auth/sign-in-throttle';
import type { PortalDeps } from '../src/deps';
import { csrfFrom, portalStoreFactories, signedUp, startPortal, submit, type Agent, type Portal } from './support/portal-harness';

const describeWithRedis = redisAnswers() ? describe : describe.skip;

function retryAfter(res: { headers: Record<string, string> }): number {
  return Number(res.headers['retry-after']);
}

/** Posts these passwords at once, with one form's CSRF token. */
async function signInAtOnce(agent: Agent, email: string, passwords: string[]) {
  const token = csrfFrom((await agent.get('/signin')).text);
  return Promise.all(passwords.map((password) => agent.post('/signin').type('form').send({ email, password, _csrf: token })));
}

describe('the per-account delay', () => {
  test('is nothing up to the threshold, then doubles from the first delay up to the cap', () => {
    const throttle = new SignInThrottle({ accountDelayAfter: 10, maxDelaySeconds: 60 });
    expect([0, 9, 10, 11, 12, 13, 15, 16, 17, 1000].map((failures) => throttle.delaySeconds(failures))).toEqual([
      0, 0, 1, 2, 4, 8, 32, 60, 60, 60,
    ]);
  });
});

describe.each(portalStoreFactories())('sign-in throttle ($name store)', (factory) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function served(overrides: Partial<PortalDeps> = {}): Promise<{ portal: Portal; served: Listening }> {
    const portal = await startPortal(factory, overrides);
    cleanups.push(() => portal.close());
    const listener = await listening(portal.app);
    cleanups.push(() => listener.close());
    return { portal, served: listener };
  }

  /** Another portal instance on the same stores, with its own throttle. */
  async function secondInstance(portal: Portal, throttle: SignInThrottle): Promise<Listening> {
    const app = createApp({ store: portal.store, logger: quietLogger(), throttle });
    const listener = await listening(app);
    cleanups.push(() => listener.close());
    return listener;
  }

  async function throttleOn(redisUrl: string, keyPrefix: string, logger = quietLogger()) {
    const throttle = await createSignInThrottle({ logger, redisUrl, keyPrefix });
    cleanups.push(() => throttle.close());
    return throttle;
  }

  it("another address's wrong passwords block that address for the account, never the owner", async () => {
    const { portal, served: server } = await served();
    const { email, password } = await signedUp(portal.app);
    const attacker = server.agentFrom(ATTACKER_ADDRESS);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await submit(attacker, '/signin', '/signin', { email, password: `guess ${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await submit(attacker, '/signin', '/signin', { email, password });
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
    expect(blocked.text).toMatch(/Too many failed attempts. Try again in 1[45] minutes/);

    const owner = server.agentFrom(OWNER_ADDRESS);
    const signedIn = await submit(owner, '/signin', '/signin', { email, password });
    expect(signedIn.status).toBe(303);
    expect((await owner.get('/profile')).status).toBe(200);
  });

  it('guesses sent all at once count before their passwords are checked, so none slips past the limit', async () => {
    const { portal, served: server } = await served();
    const { email } = await signedUp(portal.app);
    const answers = await signInAtOnce(
      server.agentFrom(ATTACKER_ADDRESS),
      email,
      Array.from({ length: 12 }, (_, i) => `parallel guess ${i}`),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('past the per-account threshold attempts only wait their turn: the owner gets in by waiting at most the cap', async () => {
    const throttle = new SignInThrottle({ accountDelayAfter: 3, firstDelaySeconds: 5, maxDelaySeconds: 8 });
    const { portal, served: server } = await served({ throttle });
    const { email, password } = await signedUp(portal.app);
    const attacker = server.agentFrom(ATTACKER_ADDRESS);
    for (let i = 0; i < 4; i++)
      expect((await submit(attacker, '/signin', '/signin', { email, password: `guess ${i}` })).status).toBe(401);

    // The fourth failure's turn (5 s) is still running: everyone waits, the owner too, never past the cap.
    const again = await submit(attacker, '/signin', '/signin', { email, password: 'guess again' });
    expect(again.status).toBe(429);
    const owner = server.agentFrom(OWNER_ADDRESS);
    const waiting = await submit(owner, '/signin', '/signin', { email, password });
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(8);
    expect(waiting.text).toMatch(/Try again in \d seconds?\./);

    await sleep(retryAfter(waiting) * 1000 + 200);
    expect((await submit(owner, '/signin', '/signin', { email, password })).status).toBe(303);
  });

  describeWithRedis('with Redis', () => {
    it('two portal instances on one Redis count failures together', async () => {
      const prefix = uniquePrefix();
      const { portal, served: first } = await served({ throttle: await throttleOn(REDIS_URL, prefix) });
      const second = await secondInstance(portal, await throttleOn(REDIS_URL, prefix));
      const { email, password } = await signedUp(portal.app);
      const statuses = [];
      for (const instance of [first, second, first, second, first, second, first]) {
        statuses.push(
          (await submit(instance.agentFrom(ATTACKER_ADDRESS), '/signin', '/signin', { email, password: 'guess' })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect((await submit(second.agentFrom(OWNER_ADDRESS), '/signin', '/signin', { email, password })).status).toBe(303);
    });

    it('Redis hangs: after the first timeout no sign-in asks Redis, and once it answers the breaker closes', async () => {
      const proxy = await pausableProxy(REDIS_URL);
      cleanups.push(() => proxy.close());
      const { logger, output } = capturingLogger();
      const prefix = uniquePrefix();
      const { portal, served: server } = await served({ throttle: await throttleOn(proxy.url, prefix, logger) });
      const { email, password } = await signedUp(portal.app);
      const attacker = server.agentFrom(ATTACKER_ADDRESS);
      const guess = (i: number) => submit(attacker, '/signin', '/signin', { email, password: `guess ${i}` });

      proxy.hang();
      expect((await guess(0)).status).toBe(401);
      const afterFirst = proxy.heldWhileHung().split(prefix).length - 1;
      expect(afterFirst).toBeGreaterThan(0);
      const statuses = [];
      for (let i = 1; i < 6; i++) statuses.push((await guess(i)).status);
      // Counted in this instance meanwhile, and not one of those sign-ins sent Redis a count.
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      expect(proxy.heldWhileHung().split(prefix).length - 1).toBe(afterFirst);
      expect((await submit(server.agentFrom(OWNER_ADDRESS), '/signin', '/signin', { email, password })).status).toBe(303);

      proxy.answer();
      await until('the breaker closes', async () => (output().includes('Redis answers again') ? true : undefined));
      const lines = output().split('\n');
      expect(lines.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes('Redis answers again'))).toHaveLength(1);
    });
  });

  it('Redis down: sign-in keeps working, counted per instance, and one warning is logged', async () => {
    const { logger, output } = capturingLogger();
    const { portal, served: server } = await served({
      throttle: await throttleOn(`redis://127.0.0.1:${await freePort()}`, uniquePrefix(), logger),
    });
    const { email, password } = await signedUp(portal.app);
    const attacker = server.agentFrom(ATTACKER_ADDRESS);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await submit(attacker, '/signin', '/signin', { email, password: `guess ${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await submit(server.agentFrom(OWNER_ADDRESS), '/signin', '/signin', { email, password })).status).toBe(303);
    const warnings = output()
      .split('\n')
      .filter((line) => line.includes('Redis does not answer'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toEqual(
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('sign-in throttles are counted per instance') }),
    );
  });
});
