import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopChild } from './child-process';

/** The repository root (this file lives in packages/test-support/src). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export type ServiceName = 'article-verifier' | 'journalist-verifier' | 'portal' | 'worker';

const PORT_ENV: Record<ServiceName, string> = {
  'article-verifier': 'ARTICLE_VERIFIER_PORT',
  'journalist-verifier': 'JOURNALIST_VERIFIER_PORT',
  portal: 'PORTAL_PORT',
  worker: 'WORKER_PORT',
};

/** The built entry point of a package; fails with a clear message when `npm run build` has not run. */
export function builtEntry(pkg: string): string {
  const file = path.join(REPO_ROOT, 'packages', pkg, 'dist', 'main.js');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

/**
 * Brings the built output of these packages (and what they reference) up to date with `tsc -b`, so a
 * process test never runs stale code. Incremental: quick when `npm run build` has just run.
 */
export function buildPackages(...pkgs: string[]): void {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ...pkgs.map((p) => `packages/${p}`)], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunningService {
  name: ServiceName;
  url: string;
  process: ChildProcess;
  /** What the process wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

function collectOutput(child: ChildProcess): () => string {
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return () => chunks.join('');
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

/**
 * Starts a built service, the portal or the worker (`node packages/<name>/dist/main.js`) on a free port of
 * 127.0.0.1 (or `port`, when the test must know it first: a public address) with the embedded store in the
 * given data directory (MONGODB_URI cleared unless `env` sets it), and resolves once /readyz answers. Retries on
 * another free port if the first was taken in between. Callers must `stop()` it (e.g. in afterAll).
 */
export async function startService(
  name: ServiceName,
  options: { dataDir: string; env?: NodeJS.ProcessEnv; readyTimeoutMs?: number; port?: number },
): Promise<RunningService> {
  const entry = builtEntry(name);
  let lastOutput = '';
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt++) {
    const port = options.port ?? (await freePort());
    const child = spawn(process.execPath, [entry], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        BYLINE_DATA_DIR: options.dataDir,
        MONGODB_URI: '',
        [PORT_ENV[name]]: String(port),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    const url = `http://127.0.0.1:${port}`;
    if (await waitUntilReady(child, url, options.readyTimeoutMs ?? 15_000)) {
      return { name, url, process: child, output, stop: () => stopChild(child) };
    }
    lastOutput = output();
    await stopChild(child);
    if (!/EADDRINUSE|cannot listen/i.test(lastOutput)) break;
  }
  throw new Error(`${name} did not become ready:\n${lastOutput}`);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built command line (`node packages/cli/dist/main.js ARGS`) to completion. */
export function runCliProcess(args: string[], options: { dataDir: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  const entry = builtEntry('cli');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, BYLINE_DATA_DIR: options.dataDir, MONGODB_URI: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
