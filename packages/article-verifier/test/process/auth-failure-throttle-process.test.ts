/**
 * The built verifier as a real process reads AUTH_FAILURES_PER_MINUTE and TRUST_PROXY: failed
 * authentications are counted per client address, taken from X-Forwarded-For only from a trusted proxy.
 */
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { bearer, buildPackages, startService, tempDir, type RunningService } from '@byline/test-support';

const running: RunningService[] = [];
let dataDir: string;
let valid: string;
const wrong = `Bearer ${'k'.repeat(24)}:${'s'.repeat(24)}`;

beforeAll(async () => {
  buildPackages('article-verifier');
  dataDir = tempDir('byline-auth-throttle-');
  const store = SqliteStore.inDirectory(dataDir);
  valid = await bearer(store);
  await store.close();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});

async function start(env: NodeJS.ProcessEnv): Promise<RunningService> {
  const service = await startService('article-verifier', { dataDir, env });
  running.push(service);
  return service;
}

async function verify(service: RunningService, authorization: string, forwardedFor: string): Promise<number> {
  const res = await fetch(`${service.url}/api/verify_article?url=${encodeURIComponent('https://news.example/a')}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'X-Forwarded-For': forwardedFor },
  });
  await res.arrayBuffer();
  return res.status;
}

test('behind a trusted proxy each forwarded client has its own budget of failures', async () => {
  const service = await start({ AUTH_FAILURES_PER_MINUTE: '3', TRUST_PROXY: 'loopback' });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push(await verify(service, wrong, '203.0.113.9'));
  expect(statuses).toEqual([401, 401, 401, 429]);
  expect(await verify(service, valid, '203.0.113.9')).toBe(429);
  expect(await verify(service, valid, '198.51.100.7')).toBe(200);
});

test('without TRUST_PROXY the forwarded header is ignored', async () => {
  const service = await start({ AUTH_FAILURES_PER_MINUTE: '3' });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push(await verify(service, wrong, `203.0.113.${i}`));
  expect(statuses).toEqual([401, 401, 401, 429]);
});
