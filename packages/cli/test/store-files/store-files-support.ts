/**
 * For the tests of a store file that disappears or cannot be written while real processes have it open:
 * a signed-in portal user of a portal process, and the immutable flag (`chattr +i`), which makes a
 * file unwritable even for root and, for the memory-mapped `-shm`, turns a write into SIGBUS.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function setImmutable(file: string, immutable: boolean): void {
  execFileSync('chattr', [immutable ? '+i' : '-i', file]);
}

export const storeFiles = (dataDir: string) =>
  ['byline.sqlite', 'byline.sqlite-wal', 'byline.sqlite-shm'].map((name) => path.join(dataDir, name));

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
export async function signedUpAgent(portal: { url: string }, email: string): Promise<PortalAgent> {
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
