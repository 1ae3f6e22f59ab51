/**
 * The built portal as a real process: SMTP_URL and the public address come from its environment, checked at
 * start-up, and neither the SMTP password nor a reset token ever reaches its logs.
 */
import request from 'supertest';
import { repositoriesOf } from '@byline/shared/store';
import { hashPassword } from '@byline/editorial/users/passwords';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { buildPackages, runToExit, spawnService, tempDir, until } from '@byline/test-support';
import { csrfFrom } from '../support/portal-harness';
import { linkIn, startMailbox } from '../support/mailbox';

const SMTP_PASSWORD = 'sm7p-Pa55:word';

describe('portal process: mail settings', () => {
  beforeAll(() => buildPackages('portal'), 120_000);

  it('refuses to start with a bad SMTP_URL, naming it without repeating the password', async () => {
    const { code, output } = await runToExit('portal', {
      dataDir: tempDir(),
      env: {
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://byline:${SMTP_PASSWORD}@mail.example.org:99999`,
        MAIL_FROM: 'no-reply@example.org',
      },
    });
    expect(code).toBe(78); // EX_CONFIG: a configuration error
    expect(output).toContain('SMTP_URL');
    expect(output).not.toContain(SMTP_PASSWORD);
  });

  it('mails a reset link on PUBLIC_PORTAL_URL through the server of SMTP_URL, logging no secret', async () => {
    const mailbox = await startMailbox({ user: 'byline', pass: SMTP_PASSWORD });
    const dataDir = tempDir();
    const store = SqliteStore.inDirectory(dataDir);
    const repositories = repositoriesOf(store);
    await repositories.users.create(
      {
        email: 'process@example.org',
        passwordHash: await hashPassword('an old password'),
        role: 'journalist',
      },
      new Date(),
    );
    await repositories.close();

    const portal = await spawnService('portal', {
      dataDir,
      env: {
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'Byline <no-reply@example.org>',
        // Plain http, as this client speaks: an https address makes the signed-out cookie Secure, never sent back.
        PUBLIC_PORTAL_URL: 'http://portal.example.org',
        LOG_LEVEL: 'http',
      },
    });
    try {
      const agent = request.agent(portal.url);
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
      expect(link).toMatch(/^http:\/\/portal\.example\.org\/reset-password\?token=[\w-]{43}$/);
      expect((await agent.get(link.slice('http://portal.example.org'.length))).status).toBe(200);
      expect(await portal.stop()).toBe(0);
      expect(portal.output()).not.toContain(SMTP_PASSWORD);
      expect(portal.output()).not.toContain(new URL(link).searchParams.get('token'));
    } finally {
      await portal.stop();
      await mailbox.close();
    }
  }, 60_000);
});
