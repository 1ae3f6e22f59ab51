/**
 * `byline recheck` on each store: one run over the due rel="me" proofs (or --all), a line per checked proof and
 * a summary. The pages are served by a real HTTP server on 127.0.0.1, which the command reaches because its
 * ALLOWED_PRIVATE_ADDRESSES lists loopback, as an operator would set it (without it, loopback is refused: see the
 * last test).
 */
import { NO_VERIFIED_AUTHOR_MESSAGE, NOT_A_JOURNALIST_MESSAGE } from '@byline/domain/domain/mappers';
import { repositoriesOf } from '@byline/shared/store';
import { runRecheck } from '@byline/editorial/proofs/recheck';
import { buildPackages, LOOPBACK_ALLOWED, runCliProcess, startDnsServer, tempDir } from '@byline/test-support';
import {
  DAY,
  HOUR,
  recheckSourcesOf,
  PORTAL,
  ProofFixtures,
  startPageServer,
  type PageServer,
} from '../../worker/test/rel-me-fixtures';
import { ApiProbe, byline, bylineWithEnv, cliTargets, type CliResult, type CliTarget } from './cli-harness';

/** The settings of these runs: the portal's public address, and loopback (the page server) allowed. */
const recheckEnv = (target: CliTarget) => ({ ...target.env, PUBLIC_PORTAL_URL: PORTAL, ...LOOPBACK_ALLOWED });

/** `byline recheck ARGS` in this process against the target. */
function recheck(target: CliTarget, ...args: string[]): Promise<CliResult> {
  return bylineWithEnv(recheckEnv(target), 'recheck', ...args);
}

/** `byline recheck ARGS` as its own process (node packages/cli/dist/main.js) against the target. */
function recheckProcess(target: CliTarget, ...args: string[]) {
  return runCliProcess(['recheck', ...args], { dataDir: target.env.BYLINE_DATA_DIR!, env: recheckEnv(target) });
}

/** A page that lost its link four days ago: its first failed check was recorded then (RECHECK_GRACE is 3d). */
const FOUR_DAYS_AGO = () => new Date(Date.now() - 4 * DAY);

/** The re-check of four days ago, which recorded the first failure of the proofs due then. */
function checkedFourDaysAgo(fixtures: ProofFixtures, fourDaysAgo: Date) {
  return runRecheck({
    ...recheckSourcesOf(fixtures.repositories),
    portalUrl: PORTAL,
    policy: { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR },
    holder: 'four days ago',
    now: () => fourDaysAgo,
  });
}

describe.each(cliTargets())('byline recheck ($name store)', (factory) => {
  let server: PageServer;
  let target: CliTarget;
  let fixtures: ProofFixtures;

  beforeAll(async () => {
    buildPackages('cli');
    server = await startPageServer();
  }, 120_000);
  afterAll(() => server.close());

  beforeEach(() => {
    target = factory.create();
    fixtures = new ProofFixtures(target.openStore(), server);
  });
  afterEach(async () => {
    await fixtures.close();
    await fixtures.store.close();
    await target.cleanUp();
  });

  it('checks the due proofs, one line each, then a summary; a proof failing past the grace period lapses', async () => {
    const held = await fixtures.siteProof('/cli-held');
    const failing = await fixtures.siteProof('/cli-failing', { page: 'without' });
    const fourDaysAgo = FOUR_DAYS_AGO();
    const lapsing = await fixtures.siteProof('/cli-lapsing', { page: 'without', dueAt: new Date(fourDaysAgo.getTime() - HOUR) });
    const notDueYet = await fixtures.siteProof('/cli-later', { dueAt: new Date(Date.now() + DAY) });
    expect(await checkedFourDaysAgo(fixtures, fourDaysAgo)).toMatchObject({ checked: 1, failing: 1 });

    const result = await recheck(target);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, -1).sort()).toEqual(
      [
        `${held.profile.profile_slug}  ${held.site}  held`,
        `${failing.profile.profile_slug}  ${failing.site}  failing (the page has no rel="me" link to this profile)`,
        `${lapsing.profile.profile_slug}  ${lapsing.site}  lapsed (the page has no rel="me" link to this profile)`,
      ].sort(),
    );
    expect(lines.at(-1)).toBe('Re-checked 3 proof(s): 1 held, 1 failing, 1 lapsed.');

    expect((await fixtures.website(lapsing.profile.id)).state).toBe('lapsed');
    expect(await fixtures.repositories.verification.pendingOf(lapsing.profile.id)).toMatchObject({
      requestedBy: 'byline:no-live-proof',
    });
    expect((await fixtures.website(failing.profile.id)).state).toBe('proven');
    expect(await fixtures.repositories.verification.pendingOf(failing.profile.id)).toBeNull();
    // The proof not due yet was left alone: its next check is still the one set when it was proven.
    expect(Date.parse((await fixtures.website(notDueYet.profile.id)).evidence[0]!.nextCheckAt!)).toBeGreaterThan(
      Date.now() + DAY - HOUR,
    );

    // Nothing is due any more.
    expect((await recheck(target)).stdout).toBe('Re-checked 0 proof(s): 0 held, 0 failing, 0 lapsed.\n');
  });

  it('a lapse unverifies a profile it leaves without a live proof, and keeps verified one another proof holds', async () => {
    const fourDaysAgo = FOUR_DAYS_AGO();
    const dueAt = new Date(fourDaysAgo.getTime() - HOUR);
    const only = await fixtures.siteProof('/cli-only-proof', { page: 'without', dueAt, twitter: 'OnlyProofCli' });
    const two = await fixtures.siteProof('/cli-two-proofs', { page: 'without', dueAt, twitter: 'TwoProofsCli' });
    await fixtures.attestX(two.profile.id, 'TwoProofsCli');
    const [onlyArticle, twoArticle] = [
      await fixtures.article(only.profile.id, '/only'),
      await fixtures.article(two.profile.id, '/two'),
    ];
    const probe = await new ApiProbe(target).init();
    try {
      expect((await probe.verifyArticle(onlyArticle)).body).toMatchObject({ verified: true });
      expect(await checkedFourDaysAgo(fixtures, fourDaysAgo)).toMatchObject({ checked: 2, failing: 2 });
      expect((await probe.verifyArticle(onlyArticle)).body).toMatchObject({ verified: true });

      const result = await recheck(target);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout.trim().split('\n').at(-1)).toBe('Re-checked 2 proof(s): 0 held, 0 failing, 2 lapsed.');

      // Its only proof lapsed: neither service answers verified for it, under any of its handles, and it waits in the queue.
      expect((await probe.verifyArticle(onlyArticle)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      for (const handle of ['OnlyProofCli', '@onlyproofcli', 'https://x.com/OnlyProofCli']) {
        expect((await probe.verifyJournalist('twitter', handle)).body).toEqual({
          verified: false,
          message: NOT_A_JOURNALIST_MESSAGE,
        });
      }
      expect(await fixtures.repositories.verification.pendingOf(only.profile.id)).toMatchObject({
        requestedBy: 'byline:no-live-proof',
      });
      const [lapsed, noProof] = await repositoriesOf(fixtures.store).audit.historyOf(only.profile.id);
      expect(lapsed).toMatchObject({ action: 'proof-lapsed', actor: 'byline:re-check' });
      expect(noProof).toMatchObject({
        action: 'no-live-proof',
        note: `No live proof left: the proof of website ${only.site} stopped holding, failing since ${fourDaysAgo.toISOString().slice(0, 10)} (the page has no rel="me" link to this profile)`,
      });

      // Its X handle still proven: verified as before, the lapse waiting for an editor's look.
      expect((await probe.verifyArticle(twoArticle)).body).toMatchObject({ verified: true });
      expect((await probe.verifyJournalist('twitter', '@TwoProofsCli')).body).toMatchObject({ verified: true });
      expect(await fixtures.repositories.verification.pendingOf(two.profile.id)).toMatchObject({
        requestedBy: 'byline:re-check',
      });
      expect((await repositoriesOf(fixtures.store).audit.historyOf(two.profile.id)).map((record) => record.action)).toEqual([
        'proof-lapsed',
        'verified',
      ]);
    } finally {
      await probe.store.close();
    }
  });

  it('--all checks every live proof, due or not', async () => {
    const soon = await fixtures.siteProof('/cli-all-1', { dueAt: new Date(Date.now() + DAY) });
    const later = await fixtures.siteProof('/cli-all-2', { dueAt: new Date(Date.now() + 2 * DAY) });
    expect((await recheck(target)).stdout).toBe('Re-checked 0 proof(s): 0 held, 0 failing, 0 lapsed.\n');
    const result = await recheck(target, '--all');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').sort()).toEqual(
      [
        `${soon.profile.profile_slug}  ${soon.site}  held`,
        `${later.profile.profile_slug}  ${later.site}  held`,
        'Re-checked 2 proof(s): 2 held, 0 failing, 0 lapsed.',
      ].sort(),
    );
  });

  it('--all leaves no proof leased: the next run checks them all again (processes)', async () => {
    const first = await fixtures.siteProof('/cli-released-1', { dueAt: new Date(Date.now() + DAY) });
    const second = await fixtures.siteProof('/cli-released-2', { dueAt: new Date(Date.now() + DAY) });
    const lines = [`${first.profile.profile_slug}  ${first.site}  held`, `${second.profile.profile_slug}  ${second.site}  held`];
    for (let run = 0; run < 2; run++) {
      const result = await recheckProcess(target, '--all');
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(result.stdout.trim().split('\n').sort()).toEqual(
        [...lines, 'Re-checked 2 proof(s): 2 held, 0 failing, 0 lapsed.'].sort(),
      );
    }
    // Another checker (the worker) can take every one of them at once.
    const taken = await fixtures.rechecks.takeDueChecks({
      now: new Date(),
      holder: 'worker',
      leaseMs: 60_000,
      limit: 10,
      all: true,
    });
    expect(taken).toHaveLength(2);
  });

  it('says how many proofs it skipped because another run holds them (process)', async () => {
    const proofs = [];
    for (let i = 0; i < 3; i++) proofs.push(await fixtures.siteProof(`/cli-leased-${i}`));
    const held = await fixtures.rechecks.takeDueChecks({ now: new Date(), holder: 'another run', leaseMs: 60_000, limit: 2 });
    expect(held).toHaveLength(2);
    const free = proofs.find(({ site }) => !held.some((due) => due.claim.value === site))!;
    const result = await recheckProcess(target);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      `${free.profile.profile_slug}  ${free.site}  held\n` +
        'Re-checked 1 proof(s): 1 held, 0 failing, 0 lapsed; skipped 2 proof(s) leased by another run.\n',
    );
    // With --all too; and a run that finds nothing else to check still says what it left.
    expect((await recheck(target, '--all')).stdout).toContain('; skipped 2 proof(s) leased by another run.');
    expect((await recheck(target)).stdout).toBe(
      'Re-checked 0 proof(s): 0 held, 0 failing, 0 lapsed; skipped 2 proof(s) leased by another run.\n',
    );
  });

  it('reaches a site, and the MongoDB store, by names only the DNS_SERVERS know (processes)', async () => {
    const dns = await startDnsServer({
      'pages.byline.test': { addresses: ['127.0.0.1'] },
      'store.byline.test': { addresses: ['127.0.0.1'] },
    });
    try {
      const named = await fixtures.siteProof('/cli-named', { base: server.base.replace('127.0.0.1', 'pages.byline.test') });
      const line = `${named.profile.profile_slug}  ${named.site}`;
      const system = await recheckProcess(target);
      expect(system.stdout).toContain(`${line}  failing (the site could not be reached)`);

      // The store by name too: the MongoDB driver's own lookups go to DNS_SERVERS.
      const mongo = target.env.MONGODB_URI
        ? { MONGODB_URI: target.env.MONGODB_URI.replace('127.0.0.1', 'store.byline.test') }
        : {};
      const env = { ...recheckEnv(target), ...mongo, DNS_SERVERS: dns.server };
      const configured = await runCliProcess(['recheck', '--all'], { dataDir: target.env.BYLINE_DATA_DIR!, env });
      expect(configured).toMatchObject({ code: 0, stderr: '' });
      expect(configured.stdout).toContain(`${line}  held`);
      expect(dns.queries).toContain('pages.byline.test A');
      if (target.env.MONGODB_URI) expect(dns.queries).toContain('store.byline.test A');
    } finally {
      await dns.close();
    }
  });

  it('with the real fetch, a page on loopback is refused and the proof fails', async () => {
    const local = await fixtures.siteProof('/cli-strict');
    const result = await byline(target, 'recheck');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `${local.profile.profile_slug}  ${local.site}  failing (the address points to a private or local network, which Byline does not fetch)`,
    );
    expect(result.stdout).toContain('Re-checked 1 proof(s): 0 held, 1 failing, 0 lapsed.');
  });
});

describe('byline recheck without a store', () => {
  it('refuses and creates nothing', async () => {
    const dataDir = tempDir('byline-nostore-');
    const result = await byline(dataDir, 'recheck');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`byline: no Byline store at ${dataDir}:`);
  });
});
