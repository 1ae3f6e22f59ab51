/**
 * The built worker as a process (`node packages/worker/dist/main.js`), as npm start, Docker and Kubernetes run
 * it: embedded store in a temp data directory, ops server on a free WORKER_PORT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SqliteStore } from '@byline/editorial';
import { buildPackages, runToExit, spawnService, tempDir, until, type ServiceProcess } from '@byline/test-support';
import { ProofFixtures, startPageServer, type PageServer } from './rel-me-fixtures';

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
};

beforeAll(() => buildPackages('worker'), 120_000);

describe('the worker process', () => {
  let server: PageServer;
  let dataDir: string;
  let worker: ServiceProcess;
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

    worker = await spawnService('worker', { dataDir, env: { LOG_LEVEL: 'info', WORKER_POLL_INTERVAL: '1s' } });
    base = worker.url;
    await until('/healthz', async () => ((await get(`${base}/healthz`)).status === 200 ? true : undefined), 20_000);
  }, 30_000);

  afterAll(async () => {
    await worker.stop();
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
    expect(worker.process.exitCode).toBeNull();
    expect((await get(`${base}/healthz`)).status).toBe(200);
  });

  it('exits 0 on SIGTERM', async () => {
    worker.process.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    expect(worker.output()).toContain('"message":"stopped"');
  });
});

describe('the worker with a bad setting', () => {
  it('exits 78 (EX_CONFIG) at once, naming the setting', async () => {
    const { code, output } = await runToExit('worker', {
      dataDir: tempDir('byline-worker-'),
      env: { LOG_LEVEL: 'info', WORKER_POLL_INTERVAL: 'soon' },
    });
    expect(code).toBe(78);
    expect(output).toContain('worker: ');
    expect(output).toContain('"WORKER_POLL_INTERVAL" must be a whole number and a unit');
  });
});
