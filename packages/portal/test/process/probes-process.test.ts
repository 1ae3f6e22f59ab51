/**
 * The built portal as a real process, probed as Kubernetes and the image's HEALTHCHECK probe it:
 * /healthz while the process runs, /readyz only while the store answers, exit 0 on SIGTERM.
 */
import fs from 'node:fs';
import { buildPackages, firstAnswer, spawnService, tempDir, type ServiceProcess } from '@byline/test-support';

describe('portal process: probes', () => {
  const dirs: string[] = [];
  const running: ServiceProcess[] = [];
  beforeAll(() => buildPackages('portal'), 120_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((portal) => portal.stop()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is live and ready on its store, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const portal = await spawnService('portal', { dataDir, env: { LOG_LEVEL: 'warn' } });
    running.push(portal);
    const health = await firstAnswer(portal, '/healthz');
    expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await firstAnswer(portal, '/readyz');
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ready', store: 'embedded' },
    });
    expect(await portal.stop()).toBe(0);
  }, 60_000);

  it('started while MongoDB is unreachable: live (not restarted) but not ready (no traffic)', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const portal = await spawnService('portal', {
      dataDir,
      env: {
        LOG_LEVEL: 'warn',
        // Nothing listens on port 1.
        MONGODB_URI: 'mongodb://127.0.0.1:1/byline_probe?serverSelectionTimeoutMS=300&connectTimeoutMS=300',
      },
    });
    running.push(portal);
    expect((await firstAnswer(portal, '/healthz')).status).toBe(200);
    const ready = await firstAnswer(portal, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await portal.stop()).toBe(0);
  }, 60_000);
});
