/**
 * Two built portal processes with REDIS_URL set share their sign-in counts. The local Redis keeps counts
 * between runs (the portal's key prefix is fixed), so each run signs in from addresses of its own in 127/8.
 */
import { randomInt } from 'node:crypto';
import {
  agentFrom,
  buildPackages,
  REDIS_URL,
  redisAnswers,
  startService,
  tempDir,
  type RunningService,
} from '@byline/test-support';
import { submit } from './support/portal-harness';

const testWithRedis = redisAnswers() ? test : test.skip;
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((portal) => portal.stop()));
});

/** A built portal process on the data directory, counting sign-ins in the test Redis; its address. */
async function startPortalProcess(dataDir: string): Promise<string> {
  const portal = await startService('portal', { dataDir, env: { REDIS_URL }, readyTimeoutMs: 30_000 });
  running.push(portal);
  return portal.url;
}

const someLoopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

beforeAll(() => buildPackages('portal'), 180_000);

testWithRedis(
  'two portal processes with REDIS_URL block a guessing address together, never the owner',
  async () => {
    const dataDir = tempDir('byline-portal-throttle-');
    const [first, second] = await Promise.all([startPortalProcess(dataDir), startPortalProcess(dataDir)]);
    const owner = someLoopbackAddress();
    const attacker = someLoopbackAddress();
    const email = `owner-${Date.now()}@example.org`;
    const password = 'correct horse battery';
    expect((await submit(agentFrom(first, owner), '/signup', '/signup', { email, password })).status).toBe(303);

    const statuses = [];
    for (const url of [first, second, first, second, first, second, first]) {
      statuses.push((await submit(agentFrom(url, attacker), '/signin', '/signin', { email, password: 'a guess' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await submit(agentFrom(second, owner), '/signin', '/signin', { email, password })).status).toBe(303);
  },
  90_000,
);
