/**
 * A decision a person made on a profile's verification (an operator with `byline profiles verify|unverify`, an editor
 * in the portal) is not undone by loading data again: running `byline demo` a second time, or importing the same file,
 * keeps it, says so, and the history still ends with that decision. The built command line, run as a process.
 */
import { backendOf } from '@byline/editorial';
import { buildPackages, runCliProcess } from '@byline/test-support';
import { cliTargets, importFileWith, type CliTarget } from './cli-harness';
import { aProfile } from '@byline/test-support';

describe.each(cliTargets())('loading data again keeps people’s decisions ($name store)', (factory) => {
  let target: CliTarget;
  beforeAll(() => buildPackages('cli'), 120_000);
  beforeEach(() => {
    target = factory.create();
  });
  afterEach(() => target.cleanUp());

  const run = (...args: string[]) => runCliProcess(args, { dataDir: target.env.BYLINE_DATA_DIR!, env: target.env });
  const stateOf = async (slug: string) => {
    const store = target.openStore();
    try {
      const backend = backendOf(store);
      const profile = (await backend.profiles.findBySlug(slug))!;
      const [latest] = await backend.audit.historyOf(profile.id);
      return { verified: profile.verified, latest: latest && { actor: latest.actor, action: latest.action } };
    } finally {
      await store.close();
    }
  };

  it('byline demo, then verify a demo profile, then demo again: still verified', async () => {
    expect((await run('demo')).code).toBe(0);
    expect(await stateOf('kenji-watanabe')).toMatchObject({ verified: false });
    expect(await run('profiles', 'verify', 'kenji-watanabe')).toMatchObject({ code: 0 });
    expect(
      await run('profiles', 'unverify', 'niamh-cassidy', '--reason', 'Her outlet asked us to check her again'),
    ).toMatchObject({ code: 0 });

    const again = await run('demo');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'Kept the verification an editor or operator decided for 2 profile(s), where the file says otherwise: ',
    );
    expect(await stateOf('kenji-watanabe')).toEqual({
      verified: true,
      latest: { actor: 'operator (command line)', action: 'verified' },
    });
    expect(await stateOf('niamh-cassidy')).toEqual({
      verified: false,
      latest: { actor: 'operator (command line)', action: 'unverified' },
    });
    // A demo profile nobody decided on still follows the data set.
    expect(await stateOf('zoe-ni-bhriain')).toMatchObject({ verified: true });
  });

  it('importing the same file again after a verify leaves the profile verified', async () => {
    const profile = aProfile({ verified: false });
    const file = importFileWith([profile]);
    expect((await run('import', file)).code).toBe(0);
    expect(await run('profiles', 'verify', profile.profile_slug)).toMatchObject({ code: 0 });

    const again = await run('import', file);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain(`decided for 1 profile(s), where the file says otherwise: ${profile.profile_slug}.`);
    expect(await stateOf(profile.profile_slug)).toMatchObject({ verified: true });

    // The file's own change of mind on a profile nobody decided on still applies.
    const other = aProfile({ verified: false });
    expect((await run('import', importFileWith([other]))).code).toBe(0);
    expect((await run('import', importFileWith([{ ...other, verified: true }]))).stdout).not.toContain('Kept');
    expect(await stateOf(other.profile_slug)).toMatchObject({ verified: true });
  });
});
