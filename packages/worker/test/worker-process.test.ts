/**
 * The built worker as a process (`node packages/worker/dist/main.js`), as npm start, Docker and Kubernetes run
 * it: embedded store in a temp data directory, ops server on a free WORKER_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteStore } from '@byline/shared';
import { buildPackages, freePort, REPO_ROOT, tempDir } from '@byline/test-support';
import { stopChild } from '../../test-support/src/child-process';
import { ProofFixtures, startPageServer, type PageServer } from './rel-me-fixtures';

const ENTRY = path.join(REPO_ROOT, 'packages/worker/dist/main.js');

function startWorker(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', MONGODB_URI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
};

beforeAll(() => buildPackages('worker'), 120_000);

describe('the worker process', () => {
  let server: PageServer;
  let dataDir: string;
  let port: number;
  let worker: ReturnType<typeof startWorker>;
  let base: string;

  beforeAll(async () => {
    server = await startPageServer();
    dataDir = tempDir('byline-worker-');
    // A proof due now, on a page at 127.0.0.1: the production fetch refuses loopback, so the check fails.
    const store = SqliteStore.inDirectory(dataDir);
    const fixtures = new ProofFixtures(store, server);
    await fixtures.siteProof('/process-page');
    await fixtures.close();
    await store.close();

    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    worker = startWorker({ BYLINE_DATA_DIR: dataDir, WORKER_PORT: String(port), WORKER_POLL_INTERVAL: '1s' });
    await until('/healthz', async () => ((await get(`${base}/healthz`)).status === 200 ? true : undefined));
  }, 30_000);

  afterAll(async () => {
    await stopChild(worker.child);
    await server.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, text: JSON.stringify({ status: 'ok' }) });
    const ready = await get(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', store: 'embedded' });
  });

  it('re-checks the due proof, logs the run and counts it in /metrics', async () => {
    const metrics = await until('a counted run', async () => {
      const { text } = await get(`${base}/metrics`);
      return /byline_recheck_proofs_total\{[^}]*result="failing"[^}]*\} 1/.test(text) ? text : undefined;
    });
    expect(metrics).toMatch(/byline_recheck_runs_total\{[^}]*outcome="ok"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/byline_recheck_proofs_total\{[^}]*result="held"[^}]*\} 0/);
    expect(metrics).toMatch(/byline_recheck_proofs_total\{[^}]*result="lapsed"[^}]*\} 0/);
    expect(metrics).toMatch(/byline_recheck_last_run_timestamp_seconds\{[^}]*\} [1-9]/);
    expect(metrics).toContain('process_cpu_user_seconds_total');
    const lines = worker
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'info', service: 'worker', message: 're-check run finished', checked: 1, failing: 1 }),
    );
  });

  it('with its store file gone: /readyz 503, runs fail and are logged, the process lives on', async () => {
    fs.rmSync(path.join(dataDir, 'byline.sqlite'));
    const ready = await get(`${base}/readyz`);
    expect(ready.status).toBe(503);
    await until('a failed run', async () => {
      const { text } = await get(`${base}/metrics`);
      return /byline_recheck_runs_total\{[^}]*outcome="failed"[^}]*\} [1-9]/.test(text) ? true : undefined;
    });
    expect(worker.output()).toContain('re-check run failed; trying again on the next tick');
    expect(worker.child.exitCode).toBeNull();
    expect((await get(`${base}/healthz`)).status).toBe(200);
  });

  it('exits 0 on SIGTERM', async () => {
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    expect(worker.output()).toContain('"message":"stopped"');
  });
});

describe('the worker with a bad setting', () => {
  it('exits 78 (EX_CONFIG) at once, naming the setting', async () => {
    const worker = startWorker({ BYLINE_DATA_DIR: tempDir('byline-worker-'), WORKER_POLL_INTERVAL: 'soon' });
    expect(await worker.exit).toBe(78);
    expect(worker.output()).toContain('worker: ');
    expect(worker.output()).toContain('"WORKER_POLL_INTERVAL" must be a whole number and a unit');
  });
});
