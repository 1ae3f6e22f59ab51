import type { Store } from '@byline/domain/store/store';
import type { OwnerEvent } from '@byline/editorial/notify/owner-notifier';
import type { RecheckSummary } from '@byline/editorial/proofs/recheck';
import { capturingLogger, quietLogger, storeFactories } from '@byline/test-support';
import { startRecheckLoop, type RecheckLoop } from '../src/recheck-loop';
import { createWorkerMetrics } from '../src/worker-metrics';
import { LoopRuns } from './loop-runs';
import { DAY, HOUR, recheckSourcesOf, PORTAL, ProofFixtures, startPageServer, type PageServer } from './rel-me-fixtures';

/**
 * The worker's loop in-process, on each store, against pages a real HTTP server on 127.0.0.1 serves. The clock
 * the loop hands to the re-check is moved to pass the grace period without waiting.
 */

const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };

describe.each(storeFactories())('the re-check loop ($name store)', (factory) => {
  let server: PageServer;
  let store: Store;
  let fixtures: ProofFixtures;
  let loop: RecheckLoop | undefined;
  let clock: number;
  let runs: LoopRuns;
  /** What the loop told profiles' owners (the worker's mail is built on this port). */
  let notified: OwnerEvent[];

  beforeAll(async () => {
    server = await startPageServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    store = await factory.create();
    fixtures = new ProofFixtures(store, server);
    clock = Date.now() + 60_000;
    runs = new LoopRuns();
    notified = [];
  });
  afterEach(async () => {
    await loop?.stop();
    loop = undefined;
    await fixtures.close();
    await store.close();
  });

  function start(options: { pollIntervalMs?: number; logger?: ReturnType<typeof quietLogger> } = {}) {
    const metrics = createWorkerMetrics('worker');
    loop = startRecheckLoop({
      ...recheckSourcesOf(fixtures.repositories),
      portalUrl: PORTAL,
      policy: POLICY,
      holder: 'worker-test',
      notifier: { notify: (event) => notified.push(event) },
      now: () => new Date(clock),
      pollIntervalMs: options.pollIntervalMs ?? 20,
      logger: options.logger ?? quietLogger(),
      metrics,
      onRun: runs.record,
    });
    return metrics;
  }

  /** Waits for the first run from now on whose summary checked something. */
  const nextCheckingRun = (): Promise<RecheckSummary> =>
    runs.first('no run checked anything', (run) => ((run.summary?.checked ?? 0) > 0 ? run.summary : undefined));

  it('checks due proofs on every tick: one holds, one fails and lapses past the grace period, back in the editor queue', async () => {
    const held = await fixtures.siteProof('/loop-held');
    const losing = await fixtures.siteProof('/loop-losing', { page: 'without' });
    const { logger, output } = capturingLogger();
    const metrics = start({ logger });

    const first = await nextCheckingRun();
    expect(first).toEqual({ checked: 2, held: 1, failing: 1, lapsed: 0, leaseLost: 0, skipped: 0 });
    expect((await fixtures.website(losing.profile.id)).state).toBe('proven');
    expect(await fixtures.repositories.verification.pendingOf(losing.profile.id)).toBeNull();
    // Ticks keep coming, but nothing is due until the retry time.
    const before = runs.all.length;
    await runs.atLeast(before + 3);
    expect(runs.all.slice(before).every((run) => run.summary?.checked === 0)).toBe(true);

    // Past the grace period (and the retry after it): the failing proof lapses; the one that holds is due again.
    clock += POLICY.graceMs + POLICY.retryMs;
    expect(await nextCheckingRun()).toEqual({ checked: 2, held: 1, failing: 0, lapsed: 1, leaseLost: 0, skipped: 0 });
    expect((await fixtures.website(losing.profile.id)).state).toBe('lapsed');
    expect((await fixtures.website(held.profile.id)).state).toBe('proven');
    // Its owner is told, once; the owner of the proof that holds is not.
    expect(notified).toEqual([
      {
        kind: 'proof-lapsed',
        profileId: losing.profile.id,
        claim: expect.stringContaining('/loop-losing'),
        note: expect.any(String),
      },
    ]);
    // Its only proof: the profile is unverified and back in the queue; the other stays as it was.
    expect((await fixtures.repositories.profiles.findById(losing.profile.id))!.verified).toBe(false);
    expect(await fixtures.repositories.verification.pendingOf(losing.profile.id)).toMatchObject({
      requestedBy: 'byline:no-live-proof',
    });
    expect((await fixtures.repositories.profiles.findById(held.profile.id))!.verified).toBe(true);
    expect(await fixtures.repositories.verification.pendingOf(held.profile.id)).toBeNull();

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/byline_recheck_proofs_total\{[^}]*result="held"[^}]*\} 2/);
    expect(text).toMatch(/byline_recheck_proofs_total\{[^}]*result="failing"[^}]*\} 1/);
    expect(text).toMatch(/byline_recheck_proofs_total\{[^}]*result="lapsed"[^}]*\} 1/);
    expect(text).toMatch(/byline_recheck_runs_total\{[^}]*outcome="ok"[^}]*\} [1-9]/);
    expect(text).toMatch(/byline_recheck_last_run_timestamp_seconds\{[^}]*\} [1-9]/);

    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.message === 're-check run finished' && line.level === 'info')).toEqual([
      expect.objectContaining({ checked: 2, held: 1, failing: 1, lapsed: 0 }),
      expect.objectContaining({ checked: 2, held: 1, failing: 0, lapsed: 1 }),
    ]);
    expect(lines.find((line) => line.message === 'proof lapsed')).toMatchObject({
      level: 'warn',
      profileId: losing.profile.id,
    });
    // The journalist by id: neither the slug (made of the name) nor the name on any line.
    expect(output()).not.toContain(losing.profile.profile_slug);
    expect(output()).not.toContain(losing.profile.profile_last_name);
  });

  it('stop() ends a loop waiting for its next tick at once, and no run starts after it', async () => {
    await fixtures.siteProof('/loop-stop');
    start({ pollIntervalMs: HOUR });
    await nextCheckingRun();
    const stoppedAt = Date.now();
    await loop!.stop();
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    const count = runs.all.length;
    await new Promise((done) => setTimeout(done, 100));
    expect(runs.all).toHaveLength(count);
  });
});
