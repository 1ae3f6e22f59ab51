import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { passwordMatches } from '@byline/editorial/users/passwords';
import { aProfile } from '@byline/test-support';
import { byline, cliTargets, importFileWith, type CliTarget } from './cli-harness';

/** Looks at the portal's records of a target's store. */
async function withPortal<T>(target: CliTarget, look: (repositories: StoreRepositories) => Promise<T>): Promise<T> {
  const repositories = repositoriesOf(target.openStore());
  try {
    return await look(repositories);
  } finally {
    await repositories.close();
  }
}

describe.each(cliTargets())('byline editors and audited verification ($name store)', (factory) => {
  const target = factory.create();
  afterAll(() => target.cleanUp());

  test('editors create makes an editor with a one-time password valid 24 hours, once; again, a fresh one; then promotes', async () => {
    const created = await byline(target, 'editors', 'create', '--email', 'Editor@Example.org');
    expect(created.code).toBe(0);
    const password = /One-time password \(valid for 24 hours, once\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(created.stdout).toContain('http://localhost:8082/signin');

    const user = await withPortal(target, (repositories) => repositories.users.findByEmail('editor@example.org'));
    expect(user).toMatchObject({ email: 'editor@example.org', role: 'editor', mustChangePassword: true });
    expect(JSON.stringify(user)).not.toContain(password);
    expect(await passwordMatches(user!.passwordHash, password!)).toBe(true);

    // Never signed in: asking again issues a fresh one-time password and the first stops working.
    const again = await byline(target, 'editors', 'create', '--email', 'editor@example.org');
    expect(again.code).toBe(0);
    const fresh = /One-time password \(valid for 24 hours, once\): (\S+)/.exec(again.stdout)?.[1];
    expect(fresh).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(fresh).not.toBe(password);
    const reissued = await withPortal(target, (repositories) => repositories.users.findByEmail('editor@example.org'));
    expect(await passwordMatches(reissued!.passwordHash, password!)).toBe(false);
    expect(await passwordMatches(reissued!.passwordHash, fresh!)).toBe(true);

    await withPortal(target, (repositories) => repositories.users.setPassword(reissued!.id, reissued!.passwordHash));
    expect(await byline(target, 'editors', 'create', '--email', 'editor@example.org')).toEqual({
      code: 0,
      stdout: 'editor@example.org is now an editor.\n',
      stderr: '',
    });
    expect(await byline(target, 'editors', 'create', '--email', 'not-an-email')).toMatchObject({ code: 1 });
  });

  test('profiles verify and unverify are audited as the operator’s override', async () => {
    const profile = aProfile({ verified: false });
    expect((await byline(target, 'import', importFileWith([profile]))).code).toBe(0);
    expect((await byline(target, 'profiles', 'verify', profile.profile_slug)).code).toBe(0);
    const unexplained = await byline(target, 'profiles', 'unverify', profile.profile_slug);
    expect(unexplained).toMatchObject({ code: 1, stderr: expect.stringContaining('--reason') });
    expect((await byline(target, 'profiles', 'unverify', profile.profile_slug, '--reason', 'Left the paper')).code).toBe(0);

    await withPortal(target, async (repositories) => {
      const found = await repositories.profiles.findBySlug(profile.profile_slug);
      expect(found?.verified).toBe(false);
      const history = await repositories.audit.historyOf(found!.id);
      // Newest first.
      expect(history.map((record) => [record.action, record.actor, record.note])).toEqual([
        [
          'unverified',
          'operator (command line)',
          'Operator’s override (byline profiles unverify), not an editor’s review: Left the paper',
        ],
        ['verified', 'operator (command line)', 'Operator’s override (byline profiles verify), not an editor’s review'],
      ]);
    });
  });
});
