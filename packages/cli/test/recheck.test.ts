/**
 * `byline recheck` on each store: one run over the due rel="me" proofs (or --all), a line per checked proof and
 * a summary. The pages are served by a real HTTP server on 127.0.0.1; the command is given a fetch that may
 * reach it (the real one refuses loopback, see the last test).
 */
import { runRecheck } from '@byline/shared';
import { tempDir } from '@byline/test-support';
import {
  DAY,
  HOUR,
  loopbackFetch,
  PORTAL,
  ProofFixtures,
  startPageServer,
  type PageServer,
} from '../../worker/test/rel-me-fixtures';
import { runCli } from '../src/cli';
import type { RecheckContext } from '../src/commands/recheck';
import { byline, cliTargets, type CliResult, type CliTarget } from './cli-harness';
import { PassThrough } from 'node:stream';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return Object.assign(stream, { text: () => text });
}

/** `byline recheck ARGS` in this process against the target, with the loopback fetch. */
async function recheck(target: CliTarget, ...args: string[]): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture();
  const ctx: RecheckContext = { env: { ...target.env, PUBLIC_PORTAL_URL: PORTAL }, stdout, stderr, fetch: loopbackFetch };
  const code = await runCli(['recheck', ...args], ctx);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe.each(cliTargets())('byline recheck ($name store)', (factory) => {
  let server: PageServer;
  let target: CliTarget;
  let fixtures: ProofFixtures;

  beforeAll(async () => {
    server = await startPageServer();
  });
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
    // A page that lost its link four days ago: its first failed check was recorded then (RECHECK_GRACE is 3d).
    const fourDaysAgo = new Date(Date.now() - 4 * DAY);
    const lapsing = await fixtures.siteProof('/cli-lapsing', { page: 'without', dueAt: new Date(fourDaysAgo.getTime() - HOUR) });
    const notDueYet = await fixtures.siteProof('/cli-later', { dueAt: new Date(Date.now() + DAY) });
    const policy = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
    const before = await runRecheck({
      claims: fixtures.claims,
      fetch: loopbackFetch,
      portalUrl: PORTAL,
      policy,
      holder: 'four days ago',
      now: () => fourDaysAgo,
    });
    expect(before).toMatchObject({ checked: 1, failing: 1 });

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
    expect(await fixtures.portal.pendingRequest(lapsing.profile.id)).toMatchObject({ requestedBy: 'byline:re-check' });
    expect((await fixtures.website(failing.profile.id)).state).toBe('proven');
    expect(await fixtures.portal.pendingRequest(failing.profile.id)).toBeNull();
    // The proof not due yet was left alone: its next check is still the one set when it was proven.
    expect(Date.parse((await fixtures.website(notDueYet.profile.id)).evidence[0]!.nextCheckAt!)).toBeGreaterThan(
      Date.now() + DAY - HOUR,
    );

    // Nothing is due any more.
    expect((await recheck(target)).stdout).toBe('Re-checked 0 proof(s): 0 held, 0 failing, 0 lapsed.\n');
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
