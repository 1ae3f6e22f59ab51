/**
 * The built portal as a real process: SMTP_URL and the public address come from its environment, checked at
 * start-up, and neither the SMTP password nor a reset token ever reaches its logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import request from 'supertest';
import { openPortalStore, SqliteStore } from '@byline/shared';
import { buildPackages, builtEntry, freePort, REPO_ROOT, tempDir } from '@byline/test-support';
import { hashPassword } from '../../src/auth/passwords';
import { csrfFrom } from '../support/portal-harness';
import { linkIn, startMailbox } from '../support/mailbox';

const SMTP_PASSWORD = 'sm7p-Pa55:word';

function startPortalProcess(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [builtEntry('portal')], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', MONGODB_URI: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { child, output: () => chunks.join('') };
}

/** SIGTERM, then the exit code once it has exited (at once if it already has). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

async function until<T>(what: string, look: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('portal process: mail settings', () => {
  beforeAll(() => buildPackages('portal'), 120_000);

  it('refuses to start with a bad SMTP_URL, naming it without repeating the password', async () => {
    const { child, output } = startPortalProcess({
      BYLINE_DATA_DIR: tempDir(),
      PORTAL_PORT: String(await freePort()),
      SMTP_URL: `smtp://byline:${SMTP_PASSWORD}@mail.example.org:99999`,
      MAIL_FROM: 'no-reply@example.org',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78); // EX_CONFIG: a configuration error
    expect(output()).toContain('SMTP_URL');
    expect(output()).not.toContain(SMTP_PASSWORD);
  });

  it('mails a reset link on PUBLIC_PORTAL_URL through the server of SMTP_URL, logging no secret', async () => {
    const mailbox = await startMailbox({ user: 'byline', pass: SMTP_PASSWORD });
    const dataDir = tempDir();
    const store = SqliteStore.inDirectory(dataDir);
    const portalStore = openPortalStore(store);
    await portalStore.createUser({
      email: 'process@example.org',
      passwordHash: await hashPassword('an old password'),
      role: 'journalist',
    });
    await portalStore.close();
    await store.close();

    const port = await freePort();
    const { child, output } = startPortalProcess({
      BYLINE_DATA_DIR: dataDir,
      PORTAL_PORT: String(port),
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Byline <no-reply@example.org>',
      PUBLIC_PORTAL_URL: 'https://portal.example.org',
      LOG_LEVEL: 'http',
    });
    try {
      const agent = request.agent(`http://127.0.0.1:${port}`);
      const form = await until('the portal', async () => {
        const page = await agent.get('/forgot-password');
        return page.status === 200 ? page : undefined;
      });
      const asked = await agent
        .post('/forgot-password')
        .type('form')
        .send({ email: 'process@example.org', _csrf: csrfFrom(form.text) });
      expect(asked.status).toBe(200);
      const mail = await until('the mail', async () => (await mailbox.messages())[0]);
      expect(mailbox.logins).toEqual(['byline']);
      const link = linkIn(mail);
      expect(link).toMatch(/^https:\/\/portal\.example\.org\/reset-password\?token=[\w-]{43}$/);
      expect((await agent.get(link.slice('https://portal.example.org'.length))).status).toBe(200);
      expect(await stop(child)).toBe(0);
      expect(output()).not.toContain(SMTP_PASSWORD);
      expect(output()).not.toContain(new URL(link).searchParams.get('token'));
    } finally {
      await stop(child);
      await mailbox.close();
    }
  }, 60_000);
});
