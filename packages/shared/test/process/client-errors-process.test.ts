/**
 * The built servers as real processes answer what Node rejects itself as application/problem+json: the
 * verifiers through runService (also in node:cluster workers, WEB_CONCURRENCY=2), the portal through its main.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildPackages, builtEntry, freePort, REPO_ROOT, startService, tempDir, type RunningService } from '@byline/test-support';
import { stopChild } from '../../../test-support/src/child-process';
import { rawExchange, type RawResponse } from '../http/raw-http';

const TOO_LARGE = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`;
const LOWER_CASE_METHOD = 'post /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const NO_HOST = 'GET /healthz HTTP/1.1\r\n\r\n';

async function answer(port: number, request: string): Promise<RawResponse> {
  const outcome = await rawExchange({ port, request, timeoutMs: 10_000 });
  if (outcome.kind !== 'response') throw new Error(`no answer (${outcome.kind}): ${JSON.stringify(outcome.received)}`);
  return outcome.response;
}

async function expectProblemsFrom(port: number): Promise<void> {
  for (const [request, status] of [
    [TOO_LARGE, 431],
    [LOWER_CASE_METHOD, 400],
    [NO_HOST, 400],
  ] as const) {
    const response = await answer(port, request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status, request_id: response.headers['x-request-id'] });
  }
}

async function startPortalProcess(): Promise<{ port: number; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtEntry('portal')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      MONGODB_URI: '',
      LOG_LEVEL: 'error',
      BYLINE_DATA_DIR: tempDir(),
      PORTAL_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { port, child, output: () => chunks.join('') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopChild(child);
  throw new Error(`the portal did not start:\n${chunks.join('')}`);
}

describe('client errors from the built processes', () => {
  beforeAll(() => buildPackages('article-verifier', 'journalist-verifier', 'portal'), 180_000);

  it.each([
    ['article-verifier', {}],
    ['journalist-verifier', { WEB_CONCURRENCY: '2' }],
  ] as const)(
    '%s %j',
    async (name, env) => {
      let service: RunningService | undefined;
      try {
        service = await startService(name, { dataDir: tempDir(), env });
        await expectProblemsFrom(Number(new URL(service.url).port));
      } finally {
        await service?.stop();
      }
    },
    60_000,
  );

  it('portal', async () => {
    const portal = await startPortalProcess();
    try {
      await expectProblemsFrom(portal.port);
    } finally {
      await stopChild(portal.child);
    }
  }, 60_000);
});
