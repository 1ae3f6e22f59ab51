/**
 * `npm start` (scripts/start.mjs) as a user runs it: it builds, then runs the three services. When one of
 * them dies (here: SIGBUS, as a store write used to cause), the others keep serving and the dead one is
 * started again after a back-off that doubles while it keeps dying; Ctrl-C / SIGTERM still stops everything.
 */
import { tempDir, until } from '@byline/test-support';
import { alive, answers, launchNpmStart, type NpmStart } from './npm-start-support';

describe('npm start', () => {
  let start: NpmStart;
  const output = () => start.output();
  const servicePids = () => start.pids();

  beforeAll(async () => {
    start = await launchNpmStart(tempDir('byline-npm-start-'));
    await start.ready();
  }, 300_000);

  afterAll(() => start.stop());

  it('says it created the store', () => {
    expect(output()).toContain('Created a new Byline store at');
    // An empty store says how to load data (as the README promises), not that the store does not answer.
    expect(output()).toContain('The store is empty. Load the demo data set and create an API key:');
    expect(output()).not.toContain('does not answer yet');
  });

  it('restarts a service that died, with a growing back-off, while the others keep serving', async () => {
    const first = servicePids();
    expect(Object.keys(first).sort()).toEqual(['article-verifier', 'journalist-verifier', 'portal', 'worker']);

    process.kill(first.portal!, 'SIGBUS');
    await until('the restart notice', async () =>
      output().includes('byline: portal stopped (SIGBUS); restarting in 1s') ? true : undefined,
    );
    expect(await answers(start.urls['article-verifier'])).toBe(true);
    expect(await answers(start.urls['journalist-verifier'])).toBe(true);
    await until('the portal to answer again', async () => ((await answers(start.urls.portal)) ? true : undefined));
    const second = servicePids();
    expect(second.portal).not.toBe(first.portal);
    expect(second['article-verifier']).toBe(first['article-verifier']);

    // Dying again soon after its restart doubles the wait.
    process.kill(second.portal!, 'SIGKILL');
    await until('the second restart notice', async () =>
      output().includes('byline: portal stopped (SIGKILL); restarting in 2s') ? true : undefined,
    );
    await until('the portal to answer once more', async () => ((await answers(start.urls.portal)) ? true : undefined));
    expect(await answers(start.urls['journalist-verifier'])).toBe(true);
  }, 60_000);

  it('stops every service on SIGTERM', async () => {
    const pids = Object.values(servicePids());
    expect(pids).toHaveLength(4);
    const before = output().length;
    const exited = new Promise<number | null>((resolve) => start.process.once('exit', resolve));
    start.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(output().slice(before)).not.toContain('restarting in');
  }, 30_000);
});

describe('npm start with a service whose configuration is wrong', () => {
  let start: NpmStart;
  afterAll(() => start?.stop());

  it('stops every service and exits 78 (EX_CONFIG) with the message, instead of restarting it forever', async () => {
    // The portal checks its own sign-in settings when it starts: a client id without its secret.
    start = await launchNpmStart(tempDir('byline-npm-start-config-'), { SIGNIN_TWITTER_CLIENT_ID: 'byline-app' });
    const exited = new Promise<number | null>((resolve) => start.process.once('exit', resolve));
    // Seen running by this test or not, no service may be left behind when `npm start` ends.
    const seen = new Set<number>();
    const watch = setInterval(() => Object.values(start.pids()).forEach((pid) => seen.add(pid)), 50);
    // Before, the portal was restarted forever: fail at the first restart instead of waiting for the time limit.
    const restarted = new Promise<string>((resolve) => {
      const look = () => start.output().includes('restarting in') && resolve('restarted');
      for (const stream of [start.process.stdout!, start.process.stderr!]) stream.on('data', look);
    });
    let code: number | string | null;
    try {
      code = await Promise.race([exited, restarted]);
    } finally {
      clearInterval(watch);
    }
    expect(code).toBe(78);
    const output = start.output();
    expect(output).toContain('portal: Invalid configuration:');
    expect(output).toContain('"SIGNIN_TWITTER_CLIENT_SECRET" is required');
    expect(output).toContain(
      'byline: portal cannot start: its configuration is invalid (exit code 78; its message is above); stopping every service',
    );
    expect(output).not.toContain('restarting in');
    expect([...seen].filter(alive)).toEqual([]);
  }, 300_000);
});
