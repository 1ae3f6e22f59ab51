/**
 * `npm start` (scripts/start.mjs) as a user runs it: it builds, then runs the three services. When one of
 * them dies (here: SIGBUS, as a store write used to cause), the others keep serving and the dead one is
 * started again after a back-off that doubles while it keeps dying; Ctrl-C / SIGTERM still stops everything.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, REPO_ROOT, tempDir } from '@byline/test-support';
import { stopChild } from '../../test-support/src/child-process';
import { until } from './store-files/store-files-support';

/** The services `npm start` is running now, by name, with their process ids. */
function servicePids(startPid: number): Record<string, number> {
  let lines: string;
  try {
    lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(startPid)], { encoding: 'utf8' });
  } catch {
    return {}; // ps exits 1 when there is none
  }
  const pids: Record<string, number> = {};
  for (const line of lines.split('\n')) {
    const match = /^\s*(\d+)\s.*packages\/([\w-]+)\/dist\/main\.js/.exec(line);
    if (match) pids[match[2]!] = Number(match[1]);
  }
  return pids;
}

const answers = async (url: string) => (await fetch(url).catch(() => undefined))?.status === 200;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  let start: ChildProcess;
  let output = '';
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    const [article, journalist, portal, worker] = [await freePort(), await freePort(), await freePort(), await freePort()];
    urls['article-verifier'] = `http://127.0.0.1:${article}/readyz`;
    urls['journalist-verifier'] = `http://127.0.0.1:${journalist}/readyz`;
    urls.portal = `http://127.0.0.1:${portal}/healthz`;
    urls.worker = `http://127.0.0.1:${worker}/readyz`;
    start = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        MONGODB_URI: '',
        BYLINE_DATA_DIR: tempDir('byline-npm-start-'),
        ARTICLE_VERIFIER_PORT: String(article),
        JOURNALIST_VERIFIER_PORT: String(journalist),
        PORTAL_PORT: String(portal),
        WORKER_PORT: String(worker),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // `npm start` builds first (tsc -b): give it room on a busy machine.
    for (const url of Object.values(urls)) await until(url, async () => ((await answers(url)) ? true : undefined), 240_000);
  }, 300_000);

  afterAll(async () => {
    const left = start.pid ? Object.values(servicePids(start.pid)) : [];
    await stopChild(start, 15_000);
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('says it created the store', () => {
    expect(output).toContain('Created a new Byline store at');
  });

  it('restarts a service that died, with a growing back-off, while the others keep serving', async () => {
    const first = servicePids(start.pid!);
    expect(Object.keys(first).sort()).toEqual(['article-verifier', 'journalist-verifier', 'portal', 'worker']);

    process.kill(first.portal!, 'SIGBUS');
    await until('the restart notice', async () =>
      output.includes('byline: portal stopped (SIGBUS); restarting in 1s') ? true : undefined,
    );
    expect(await answers(urls['article-verifier']!)).toBe(true);
    expect(await answers(urls['journalist-verifier']!)).toBe(true);
    await until('the portal to answer again', async () => ((await answers(urls.portal!)) ? true : undefined));
    const second = servicePids(start.pid!);
    expect(second.portal).not.toBe(first.portal);
    expect(second['article-verifier']).toBe(first['article-verifier']);

    // Dying again soon after its restart doubles the wait.
    process.kill(second.portal!, 'SIGKILL');
    await until('the second restart notice', async () =>
      output.includes('byline: portal stopped (SIGKILL); restarting in 2s') ? true : undefined,
    );
    await until('the portal to answer once more', async () => ((await answers(urls.portal!)) ? true : undefined));
    expect(await answers(urls['journalist-verifier']!)).toBe(true);
  }, 60_000);

  it('stops every service on SIGTERM', async () => {
    const pids = Object.values(servicePids(start.pid!));
    expect(pids).toHaveLength(4);
    const before = output.length;
    const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(output.slice(before)).not.toContain('restarting in');
  }, 30_000);
});
