/**
 * The built worker as a process (`node packages/worker/dist/main.js`), as npm start, Docker and Kubernetes run
 * it: embedded store in a temp data directory, ops server on a free WORKER_PORT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@byline/domain/config/config';
import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { repositoriesOf } from '@byline/shared/store';
import { checkPublisherDomain, domainCheckKeyOf } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { proofValueOf } from '@byline/editorial/publisher-domains/domain-token';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import {
  buildPackages,
  runToExit,
  spawnService,
  startDnsServer,
  startHttpsSite,
  tempDir,
  until,
  type HttpsSite,
  type ServiceProcess,
  type TestDnsServer,
} from '@byline/test-support';
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

describe('the worker process and publishers’ domains', () => {
  const TXT = 'txt.byline.test';
  const FILE = 'file.byline.test';
  let site: HttpsSite;
  let dns: TestDnsServer;
  let worker: ServiceProcess;
  let env: Record<string, string>;

  // One domain proven by its TXT record, one by its well-known file over https, both due a re-check now: what the
  // worker builds from DNS_SERVERS, ALLOWED_PRIVATE_ADDRESSES and OUTBOUND_CA_FILE must read both.
  beforeAll(async () => {
    site = await startHttpsSite(
      (req, res) =>
        req.url === '/.well-known/byline-verification.txt'
          ? res.writeHead(200, { 'Content-Type': 'text/plain' }).end(proofValueOf('file-token'))
          : res.writeHead(404).end(),
      { hostnames: [FILE] },
    );
    dns = await startDnsServer({
      [`_byline.${TXT}`]: { txt: [proofValueOf('txt-token')] },
      [FILE]: { addresses: [site.address] },
    });
    env = { DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: site.caFile };
    const dataDir = tempDir('byline-worker-');
    const store = SqliteStore.inDirectory(dataDir);
    const { publishers, queue, publisherDomains } = repositoriesOf(store);
    const sources = domainProofSourcesOf(loadConfig(env));
    const at = new Date();
    for (const [domain, token] of [
      [TXT, 'txt-token'],
      [FILE, 'file-token'],
    ] as const) {
      const publisher = await publishers.create({ slug: domain.split('.')[0]!, name: domain }, 'admin', at);
      await publisherDomains.addDomain(publisher!.id, domain, token, 'admin', at);
      const schedule = { intervalMs: 86_400_000, graceMs: 3 * 86_400_000, retryMs: 3_600_000 };
      const found = await checkPublisherDomain(
        { publisherDomains, queue },
        { publisherId: publisher!.id, domain },
        { sources, schedule, actor: 'admin', now: at },
      );
      expect(found).toMatchObject({ outcome: 'proven' });
      const key = domainCheckKeyOf(publisher!.id, domain);
      await queue.enqueue({ topic: DOMAIN_CHECK_TOPIC, key, payload: { publisherId: publisher!.id, domain }, dueAt: at });
    }
    await store.close();
    worker = await spawnService('worker', { dataDir, env: { LOG_LEVEL: 'info', WORKER_POLL_INTERVAL: '1s', ...env } });
  }, 30_000);

  afterAll(async () => {
    await worker?.stop();
    await site.close();
    await dns.close();
  });

  it('re-checks them through its own DNS_SERVERS and OUTBOUND_CA_FILE, and logs the run', async () => {
    const lines = () =>
      worker
        .output()
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const run = await until('a domain check run', async () =>
      lines().find((line) => line.message === 'domain check run finished' && line.level === 'info'),
    );
    expect(run).toMatchObject({ service: 'worker', checked: 2, held: 2, failing: 0, lapsed: 0 });
    expect(lines().filter((line) => line.message === 'domain checked')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ domain: TXT, outcome: 'proven' }),
        expect.objectContaining({ domain: FILE, outcome: 'proven' }),
      ]),
    );
    expect(dns.queries).toContain(`_byline.${TXT} TXT`);
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

  it('exits 78 when OUTBOUND_CA_FILE holds no certificate, naming it', async () => {
    const dataDir = tempDir('byline-worker-');
    const empty = path.join(dataDir, 'empty.pem');
    fs.writeFileSync(empty, '');
    const { code, output } = await runToExit('worker', { dataDir, env: { LOG_LEVEL: 'info', OUTBOUND_CA_FILE: empty } });
    expect(code).toBe(78);
    expect(output).toContain('"OUTBOUND_CA_FILE"');
    expect(output).toContain('holds no PEM certificate');
  });

  it('exits 78 with a Bluesky verifier account but no PDS, naming what is missing and never the app password', async () => {
    const { code, output } = await runToExit('worker', {
      dataDir: tempDir('byline-worker-'),
      env: {
        LOG_LEVEL: 'info',
        BLUESKY_VERIFIER_IDENTIFIER: 'byline.example.org',
        BLUESKY_VERIFIER_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
      },
    });
    expect(code).toBe(78);
    expect(output).toContain('BLUESKY_PDS_URL missing');
    expect(output).not.toContain('abcd-efgh-ijkl-mnop');
  });
});
