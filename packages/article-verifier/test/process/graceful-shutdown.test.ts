/**
 * The built service as a real process: on SIGTERM/SIGINT it stops accepting connections, lets the
 * request in flight finish, closes the store and exits 0 — well inside the grace period.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { SHUTDOWN_GRACE_MS, stopGracefullyOnSignals } from '@byline/http';
import {
  anArticle,
  aProfile,
  bearer,
  buildPackages,
  embeddedStore,
  quietLogger,
  seed,
  startService,
  tempDir,
  type ServiceProcess,
} from '@byline/test-support';
import { createApp } from '../../src/app';

async function seededDataDir(): Promise<{ dataDir: string; authorization: string; link: string }> {
  const dataDir = tempDir('byline-shutdown-');
  const store = SqliteStore.inDirectory(dataDir);
  const article = anArticle();
  await seed(store, aProfile({ articles: [article] }));
  const authorization = await bearer(store);
  await store.close();
  return { dataDir, authorization, link: article.link };
}

function get(port: number, pathname: string, agent: http.Agent | false = false): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

function verify(port: number, authorization: string, link: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/verify_article', method: 'POST', agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.setHeader('Authorization', authorization);
    request.setHeader('Content-Type', 'application/json');
    request.on('error', reject);
    request.end(JSON.stringify({ url: link }));
  });
}

/** Resolves with the error code of a fresh TCP connection attempt, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('article verifier process: graceful shutdown', () => {
  let running: ServiceProcess | undefined;
  /** The built service on its seeded data directory, once it answers /healthz. */
  const start = async (dataDir: string) => (running = await startService('article-verifier', { dataDir, readyPath: '/healthz' }));

  beforeAll(() => buildPackages('article-verifier'), 120_000);

  afterEach(() => {
    if (running && running.process.exitCode === null && running.process.signalCode === null) running.process.kill('SIGKILL');
    running = undefined;
  });

  it('on SIGTERM finishes the request still streaming its body, refuses new connections and exits 0', async () => {
    const { dataDir, authorization, link } = await seededDataDir();
    const { process: child, port, exited } = await start(dataDir);
    // A keep-alive client, as a load balancer would hold: the finished request must not keep the process up.
    const agent = new http.Agent({ keepAlive: true });

    const body = JSON.stringify({ url: link });
    const split = Math.floor(body.length / 2);
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/verify_article',
      method: 'POST',
      agent,
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
        // The server's "100 Continue" says it has parsed the head: the request is in flight from then on.
        Expect: '100-continue',
      },
    });
    const headParsed = new Promise((resolve) => request.once('continue', resolve));
    const response = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
      });
      request.on('error', reject);
    });
    request.flushHeaders();
    request.write(body.slice(0, split));
    // Signalled only once the server has the request (a fixed pause is not enough: on a loaded machine the process
    // may not have read the head by then, and the connection would be idle, closed at once, not a request to finish).
    await headParsed;

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await waitFor(async () => (await tryConnect(port)) === 'ECONNREFUSED', 5_000, 'the listener to close');
    child.kill('SIGTERM'); // a repeated signal must not cut the request short either
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(child.exitCode).toBeNull(); // still serving the request in flight

    request.end(body.slice(split));
    const answer = await response;
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body);
    expect(parsed.verified).toBe(true);
    expect(parsed.articles.map((a: { link: string }) => a.link)).toEqual([link]);
    expect(answer.connection).toBe('close');

    const exit = await exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    // Far inside the grace period: the process did not sit waiting on the keep-alive connection.
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    agent.destroy();
  });

  it('on SIGINT exits 0 promptly, even with an idle keep-alive connection open', async () => {
    const { dataDir } = await seededDataDir();
    const { process: child, port, exited } = await start(dataDir);
    const agent = new http.Agent({ keepAlive: true });
    expect(await get(port, '/readyz', agent)).toBe(200);

    const signalledAt = Date.now();
    child.kill('SIGINT');
    const exit = await exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
    agent.destroy();
  });

  it('closes the store on the way out: no write-ahead log is left behind', async () => {
    const { dataDir, authorization, link } = await seededDataDir();
    running = await start(dataDir);
    const answer = await verify(running.port, authorization, link);
    expect(answer.status).toBe(200);
    expect(fs.readdirSync(dataDir)).toContain('byline.sqlite-wal'); // open while serving

    running.process.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    expect(running.stderr()).toBe('');
    // SQLite folds the WAL back into the database and removes it only on a clean close (the lock file stays).
    expect(fs.readdirSync(dataDir).sort()).toEqual(['byline.lock', 'byline.sqlite']);
  });
});

describe('graceful shutdown: the wait is bounded', () => {
  it('cuts a request that never finishes once the grace period is over, then closes the store and exits 0', async () => {
    const store = embeddedStore();
    const authorization = await bearer(store);
    const server = http.createServer(createApp({ store, logger: quietLogger() }));
    const exits: number[] = [];
    const stop = stopGracefullyOnSignals(server, store, quietLogger(), {
      graceMs: 300,
      exit: (code) => exits.push(code),
      signals: [],
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;

    const received = new Promise((resolve) => server.once('request', resolve));
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/verify_article',
      method: 'POST',
      agent: false,
      headers: { Authorization: authorization, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    });
    const failure = new Promise<string>((resolve) =>
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? '')),
    );
    request.write('{"url": "https://www.example-news.ie/');
    // Stopped once the server has the request, not after a fixed pause a loaded machine can outlast before the
    // connection is even accepted (then nothing is in flight, and the stop is over at once).
    await received;

    const started = Date.now();
    await stop('SIGTERM');
    const took = Date.now() - started;

    expect(await failure).toBe('ECONNRESET');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3_000);
    expect(exits).toEqual([0]);
    await expect(store.ping()).rejects.toThrow();
  });
});
