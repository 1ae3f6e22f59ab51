import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { exited, stopChild } from './child-process';

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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `look` every 100 ms until it gives something other than undefined (a throw counts as undefined); fails after `timeoutMs`. */
export async function until<T>(what: string, look: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Polls `read` every 100 ms until it gives a value (anything truthy), failing after `ms` with `what`. */
export async function within<T>(ms: number, what: string, read: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms} ms`);
    await sleep(100);
  }
}

/**
 * Environment for a built process (runCliProcess, spawnService) whose clock reads `ms` ahead of this one's: it is
 * preloaded with clock-ahead.js, which moves Date (not timers). A test then sees what the process does once a period
 * it was configured with has passed (RECHECK_GRACE, a minute at the least) without sleeping through it.
 */
export function clockAhead(ms: number): NodeJS.ProcessEnv {
  const preload = `--require ${JSON.stringify(path.join(__dirname, 'clock-ahead.js'))}`;
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
    BYLINE_TEST_CLOCK_AHEAD_MS: String(ms),
  };
}

/**
 * The environment of a Byline process under test: this one's, on 127.0.0.1, logging errors only, on the embedded
 * store (MONGODB_URI cleared), with `env` set over that.
 */
export function processEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', MONGODB_URI: '', ...env };
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when it exited. */
  at: number;
}

export interface ServiceProcess {
  name: ServiceName;
  url: string;
  port: number;
  process: ChildProcess;
  /** What the process wrote to stdout and stderr so far, for failure messages and log assertions. */
  output(): string;
  /** What it wrote to stderr alone. */
  stderr(): string;
  /** Settles once the process has exited. */
  exited: Promise<ProcessExit>;
  /** SIGTERM (SIGKILL after 5 s); resolves to the exit code once it has exited (at once if it already has). */
  stop(): Promise<number | null>;
}

/** A started service: one that has answered. */
export type RunningService = ServiceProcess;

export interface SpawnOptions {
  /** BYLINE_DATA_DIR: the embedded store's directory. */
  dataDir?: string;
  /** Set over the defaults (127.0.0.1, LOG_LEVEL=error, MONGODB_URI cleared, the port). */
  env?: NodeJS.ProcessEnv;
  /** The port to listen on; a free one when absent. */
  port?: number;
}

/**
 * Spawns a built service, the portal or the worker (`node packages/<name>/dist/main.js`) on 127.0.0.1 and
 * returns at once; see startService to wait until it answers. Callers must `stop()` it (e.g. in afterAll).
 */
export async function spawnService(name: ServiceName, options: SpawnOptions = {}): Promise<ServiceProcess> {
  const entry = builtEntry(name);
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: processEnv({
      [PORT_ENV[name]]: String(port),
      ...(options.dataDir && { BYLINE_DATA_DIR: options.dataDir }),
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const all: string[] = [];
  const errors: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => all.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    all.push(chunk.toString());
    errors.push(chunk.toString());
  });
  const exit = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => all.join(''),
    stderr: () => errors.join(''),
    exited: exit,
    stop: async () => {
      await stopChild(child);
      return (await exit).code;
    },
  };
}

/**
 * The first answer to GET `path` that `accepted` takes (any answer by default) once the process listens. Fails
 * with the process's output when it exits first or nothing acceptable comes within `timeoutMs`.
 */
export async function firstAnswer(
  service: ServiceProcess,
  path: string,
  { accepted = () => true, timeoutMs = 30_000 }: { accepted?: (res: Response) => boolean; timeoutMs?: number } = {},
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited(service.process)) {
      throw new Error(`${service.name} exited (${service.process.exitCode ?? service.process.signalCode}):\n${service.output()}`);
    }
    const response = await fetch(`${service.url}${path}`).catch(() => undefined);
    if (response && accepted(response)) return response;
    if (Date.now() > deadline) throw new Error(`${service.name}: no answer on ${path}:\n${service.output()}`);
    await sleep(100);
  }
}

/**
 * Starts a built service, the portal or the worker (spawnService) and resolves once `readyPath` (/readyz) answers
 * 2xx. Retries on another free port if the first was taken in between (not with a given `port`). Callers must
 * `stop()` it.
 */
export async function startService(
  name: ServiceName,
  options: SpawnOptions & { readyPath?: string; readyTimeoutMs?: number } = {},
): Promise<RunningService> {
  let lastOutput = '';
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt++) {
    const service = await spawnService(name, options);
    try {
      await firstAnswer(service, options.readyPath ?? '/readyz', {
        accepted: (res) => res.ok,
        timeoutMs: options.readyTimeoutMs ?? 15_000,
      });
      return service;
    } catch {
      lastOutput = service.output();
      await service.stop();
      if (!/EADDRINUSE|cannot listen/i.test(lastOutput)) break;
    }
  }
  throw new Error(`${name} did not become ready:\n${lastOutput}`);
}

/** Runs a built long-running process that should end by itself (a refused start) to its exit, within `timeoutMs`. */
export async function runToExit(
  name: ServiceName,
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const service = await spawnService(name, options);
  const timer = setTimeout(() => service.process.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const { code } = await service.exited;
  clearTimeout(timer);
  // 'exit' can come before the last of the output: 'close' waits for the pipes too.
  if (service.process.stdout?.readableEnded === false || service.process.stderr?.readableEnded === false) {
    await new Promise((resolve) => service.process.once('close', resolve));
  }
  return { code, output: service.output() };
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
