/**
 * The built portal as a real process, probed as Kubernetes and the image's HEALTHCHECK probe it:
 * /healthz while the process runs, /readyz only while the store answers, exit 0 on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { buildPackages, builtEntry, freePort, REPO_ROOT, tempDir } from '@byline/test-support';

interface PortalProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startPortalProcess(env: NodeJS.ProcessEnv): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtEntry('portal')], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORTAL_PORT: String(port), MONGODB_URI: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { child, url: `http://127.0.0.1:${port}`, output: () => chunks.join('') };
}

/** The first answer to GET path once the process listens (no timing asserted: only a generous bound). */
async function firstAnswer({ child, url, output }: PortalProcess, path: string, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}):\n${output()}`);
    const response = await fetch(`${url}${path}`).catch(() => undefined);
    if (response) return response;
    if (Date.now() > deadline) throw new Error(`no answer on ${path}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then the exit code. */
function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('portal process: probes', () => {
  const dirs: string[] = [];
  const running: ChildProcess[] = [];
  beforeAll(() => buildPackages('portal'), 120_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map(stop));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is live and ready on its store, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const portal = await startPortalProcess({ BYLINE_DATA_DIR: dataDir });
    running.push(portal.child);
    const health = await firstAnswer(portal, '/healthz');
    expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await firstAnswer(portal, '/readyz');
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ready', store: 'embedded' },
    });
    expect(await stop(portal.child)).toBe(0);
  }, 60_000);

  it('started while MongoDB is unreachable: live (not restarted) but not ready (no traffic)', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const portal = await startPortalProcess({
      BYLINE_DATA_DIR: dataDir,
      // Nothing listens on port 1.
      MONGODB_URI: 'mongodb://127.0.0.1:1/byline_probe?serverSelectionTimeoutMS=300&connectTimeoutMS=300',
    });
    running.push(portal.child);
    expect((await firstAnswer(portal, '/healthz')).status).toBe(200);
    const ready = await firstAnswer(portal, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await stop(portal.child)).toBe(0);
  }, 60_000);
});
