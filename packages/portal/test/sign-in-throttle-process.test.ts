/**
 * Two built portal processes with REDIS_URL set share their sign-in counts. The local Redis keeps counts
 * between runs (the portal's key prefix is fixed), so each run signs in from addresses of its own in 127/8.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  agentFrom,
  buildPackages,
  builtEntry,
  freePort,
  REDIS_URL,
  redisAnswers,
  REPO_ROOT,
  tempDir,
} from '@byline/test-support';
import { stopChild } from '../../test-support/src/child-process';
import { submit } from './support/portal-harness';

const testWithRedis = redisAnswers() ? test : test.skip;
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopChild(child)));
});

async function startPortalProcess(dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtEntry('portal')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      MONGODB_URI: '',
      LOG_LEVEL: 'error',
      BYLINE_DATA_DIR: dataDir,
      PORTAL_PORT: String(port),
      REDIS_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal did not start:\n${output.join('')}`);
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
