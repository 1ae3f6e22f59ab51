import { repositoriesOf } from '@byline/shared/store';
import { hashPassword } from '@byline/editorial/users/passwords';
import { byline, cliTargets } from './cli-harness';
import { usePrintedLink } from './printed-link';
const PORTAL = 'https://portal.example.org';

describe.each(cliTargets())('an address proven before it gives power, from the command line ($name store)', (factory) => {
  const target = factory.create();
  afterAll(() => target.cleanUp());
  const withPortalUrl = { ...target, env: { ...target.env, PUBLIC_PORTAL_URL: PORTAL } };

  test('editors create refuses an account whose address is unproven; confirm-link proves it; then it promotes', async () => {
    const store = target.openStore();
    try {
      // Someone signed up first with the address the operator is about to name.
      await repositoriesOf(store).users.create(
        {
          email: 'desk@example.org',
          passwordHash: await hashPassword('squatter password'),
          role: 'journalist',
        },
        new Date(),
      );
      const refused = await byline(target, 'editors', 'create', '--email', 'desk@example.org');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('desk@example.org was not made an editor');
      expect(refused.stderr).toContain('byline users confirm-link --email desk@example.org');
      expect((await repositoriesOf(store).users.findByEmail('desk@example.org'))?.role).toBe('journalist');

      const printed = await byline(withPortalUrl, 'users', 'confirm-link', '--email', 'Desk@Example.org');
      expect(printed).toMatchObject({ code: 0, stderr: '' });
      expect(printed.stdout).toContain('valid for 24 hours, once');
      const link = /https:\/\/portal\.example\.org\/confirm-email\?token=[\w-]{43}/.exec(printed.stdout)?.[0];
      expect(link).toBeDefined();

      // The link alone proves nothing: with it, the account's password.
      await usePrintedLink(store, link!, 'squatter password');
    } finally {
      await store.close();
    }
    expect(await byline(target, 'editors', 'create', '--email', 'desk@example.org')).toEqual({
      code: 0,
      stdout: 'desk@example.org is now an editor.\n',
      stderr: '',
    });
    expect(await byline(target, 'users', 'confirm-link', '--email', 'desk@example.org')).toMatchObject({
      code: 0,
      stdout: 'desk@example.org is confirmed already.\n',
    });
    expect(await byline(target, 'users', 'confirm-link', '--email', 'nobody@example.org')).toMatchObject({
      code: 1,
      stderr: 'byline: No portal user nobody@example.org.\n',
    });
  });
});
