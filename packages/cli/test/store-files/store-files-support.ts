/**
 * For the tests of a store file that disappears or cannot be written while real processes have it open:
 * the built portal as a process, a signed-in portal user, and the immutable flag (`chattr +i`), which makes a
 * file unwritable even for root and, for the memory-mapped `-shm`, turns a write into SIGBUS.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { builtEntry, freePort, REPO_ROOT } from '@byline/test-support';
import { stopChild } from '../../../test-support/src/child-process';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `look` until it gives something other than undefined; fails after `timeoutMs`. */
export async function until<T>(what: string, look: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Whether this machine lets the tests set the immutable flag in the temp directory (root on ext4 and the like). */
export function canMakeFilesImmutable(): boolean {
  const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'byline-chattr-')), 'probe');
  fs.writeFileSync(probe, '');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(path.dirname(probe), { recursive: true, force: true });
  }
}

export function setImmutable(file: string, immutable: boolean): void {
  execFileSync('chattr', [immutable ? '+i' : '-i', file]);
}

export const storeFiles = (dataDir: string) =>
  ['byline.sqlite', 'byline.sqlite-wal', 'byline.sqlite-shm'].map((name) => path.join(dataDir, name));

export interface PortalProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The built portal (`node packages/portal/dist/main.js`) on a free port, once it answers. */
export async function startPortal(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtEntry('portal')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      MONGODB_URI: '',
      LOG_LEVEL: 'error',
      BYLINE_DATA_DIR: dataDir,
      PORTAL_PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const portal = { url: `http://127.0.0.1:${port}`, process: child, output: () => chunks.join(''), stop: () => stopChild(child) };
  await until('the portal', async () => {
    if (!isRunning(child)) throw new Error(`the portal exited:\n${portal.output()}`);
    return (await fetch(`${portal.url}/healthz`)).ok || undefined;
  });
  return portal;
}

/** SIGTERM; resolves to the exit code, or the signal that ended the process. */
export function stopped(service: { process: ChildProcess }): Promise<number | string | null> {
  const child = service.process;
  if (!isRunning(child)) return Promise.resolve(child.signalCode ?? child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
    child.kill('SIGTERM');
  });
}

function csrfFrom(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF field on the page');
  return match[1]!;
}

export type PortalAgent = ReturnType<typeof request.agent>;

/** A new portal user, signed in. */
export async function signedUpAgent(portal: PortalProcess, email: string): Promise<PortalAgent> {
  const agent = request.agent(portal.url);
  const form = await agent.get('/signup');
  const res = await agent
    .post('/signup')
    .type('form')
    .send({ email, password: 'correct horse battery', _csrf: csrfFrom(form.text) });
  if (res.status !== 303) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return agent;
}

/** Saves the signed-in user's profile: a write to the store. */
export async function editProfile(agent: PortalAgent, firstName: string) {
  const form = await agent.get('/profile');
  return agent
    .post('/profile')
    .type('form')
    .send({ profile_first_name: firstName, _csrf: csrfFrom(form.text) });
}

/** The error-level JSON log lines of a process's output that contain `text`. */
export function errorLogLines(output: string, text: string): unknown[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(text))
    .map((line) => JSON.parse(line) as { level?: string })
    .filter((entry) => entry.level === 'error');
}
