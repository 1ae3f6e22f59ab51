import { repositoriesOf } from '@byline/shared/store';
import { hashPassword } from '@byline/editorial/users/passwords';
import { byline, cliTargets } from './cli-harness';
import { usePrintedLink } from './printed-link';

describe.each(cliTargets())('byline users reset-link ($name store)', (factory) => {
  const target = factory.create();
  afterAll(() => target.cleanUp());

  test('prints a link on PUBLIC_PORTAL_URL that sets a new password once, within an hour', async () => {
    const store = target.openStore();
    const repositories = repositoriesOf(store);
    try {
      await repositories.users.create(
        {
          email: 'lost@example.org',
          passwordHash: await hashPassword('forgotten password'),
          role: 'journalist',
        },
        new Date(),
      );
      const printed = await byline(
        { ...target, env: { ...target.env, PUBLIC_PORTAL_URL: 'https://portal.example.org/' } },
        'users',
        'reset-link',
        '--email',
        'Lost@Example.org',
      );
      expect(printed).toMatchObject({ code: 0, stderr: '' });
      const link = /https:\/\/portal\.example\.org\/reset-password\?token=[\w-]{43}/.exec(printed.stdout)?.[0];
      expect(link).toBeDefined();
      expect(printed.stdout).toContain('valid for 1 hour, once');

      await usePrintedLink(store, link!, 'set from the command line');
    } finally {
      await store.close();
    }
  });

  test('uses http://localhost:PORTAL_PORT when PUBLIC_PORTAL_URL is unset, and names an unknown email', async () => {
    const store = target.openStore();
    const repositories = repositoriesOf(store);
    try {
      await repositories.users.create({ email: 'local@example.org', passwordHash: 'x', role: 'journalist' }, new Date());
    } finally {
      await repositories.close();
    }
    const printed = await byline(
      { ...target, env: { ...target.env, PORTAL_PORT: '9099' } },
      'users',
      'reset-link',
      '--email',
      'local@example.org',
    );
    expect(printed.stdout).toMatch(/http:\/\/localhost:9099\/reset-password\?token=/);
    expect(await byline(target, 'users', 'reset-link', '--email', 'nobody@example.org')).toMatchObject({
      code: 1,
      stderr: 'byline: No portal user nobody@example.org.\n',
    });
    expect(await byline(target, 'users', 'reset-link', '--email', 'not-an-email')).toMatchObject({ code: 1 });
    expect(
      await byline(
        { ...target, env: { ...target.env, PUBLIC_PORTAL_URL: 'ftp://portal.example.org' } },
        'users',
        'reset-link',
        '--email',
        'local@example.org',
      ),
    ).toMatchObject({ code: 78, stderr: expect.stringContaining('PUBLIC_PORTAL_URL') }); // a configuration error
  });
});
