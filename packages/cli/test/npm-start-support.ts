/**
 * `npm start` (scripts/start.mjs) run as a user runs it, on free ports of 127.0.0.1 and a data directory of
 * the test's own, for the tests of its supervision.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, processEnv, REPO_ROOT, until } from '@byline/test-support';
import { stopChild } from '../../test-support/src/child-process';

export const SERVICE_NAMES = ['article-verifier', 'journalist-verifier', 'portal', 'worker'] as const;
export type StartedService = (typeof SERVICE_NAMES)[number];

export interface NpmStart {
  process: ChildProcess;
  /** Where each service answers once it is ready: /readyz, or /healthz for the portal. */
  urls: Record<StartedService, string>;
  /** Everything `npm start` and its services printed so far. */
  output(): string;
  /** The services it is running now, by name, with their process ids. */
  pids(): Partial<Record<StartedService, number>>;
  /** Resolves once every service answers (the build comes first: room for a busy machine). */
  ready(): Promise<void>;
  /** SIGTERM, then SIGKILL to whatever is left of it and its services. */
  stop(): Promise<void>;
}

export const answers = async (url: string) => (await fetch(url).catch(() => undefined))?.status === 200;

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function servicePids(startPid: number): Partial<Record<StartedService, number>> {
  let lines: string;
  try {
    lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(startPid)], { encoding: 'utf8' });
  } catch {
    return {}; // ps exits 1 when there is none
  }
  const pids: Partial<Record<StartedService, number>> = {};
  for (const line of lines.split('\n')) {
    const match = /^\s*(\d+)\s.*packages\/([\w-]+)\/dist\/main\.js/.exec(line);
    if (match) pids[match[2] as StartedService] = Number(match[1]);
  }
  return pids;
}

export async function launchNpmStart(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<NpmStart> {
  const [article, journalist, portal, worker] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const urls: Record<StartedService, string> = {
    'article-verifier': `http://127.0.0.1:${article}/readyz`,
    'journalist-verifier': `http://127.0.0.1:${journalist}/readyz`,
    portal: `http://127.0.0.1:${portal}/healthz`,
    worker: `http://127.0.0.1:${worker}/readyz`,
  };
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: processEnv({
      BYLINE_DATA_DIR: dataDir,
      ARTICLE_VERIFIER_PORT: String(article),
      JOURNALIST_VERIFIER_PORT: String(journalist),
      PORTAL_PORT: String(portal),
      WORKER_PORT: String(worker),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pids = () => (child.pid ? servicePids(child.pid) : {});
  return {
    process: child,
    urls,
    output: () => output,
    pids,
    async ready() {
      for (const url of Object.values(urls)) await until(url, async () => ((await answers(url)) ? true : undefined), 240_000);
    },
    async stop() {
      const left = Object.values(pids());
      await stopChild(child, 15_000);
      for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    },
  };
}
