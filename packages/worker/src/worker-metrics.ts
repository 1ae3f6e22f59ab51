import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { RecheckSummary } from '@byline/editorial/proofs/recheck';
import type { PublishingState, PublishingSummary } from '@byline/editorial/bluesky/bluesky-verification-publishing';

export interface WorkerMetrics {
  registry: Registry;
  /** A run that finished: its counts go to the proof counters. */
  runFinished(summary: RecheckSummary, at: Date): void;
  /** A run that threw (store unreachable…): counted, retried on the next tick. */
  runFailed(at: Date): void;
  /** A run of the Bluesky verification publisher that did something: its counts go to the record counters. */
  blueskyRunFinished(summary: PublishingSummary): void;
  /** Where the Bluesky records stand, read from the store at each scrape (all replicas' work, not this one's). */
  observeBlueskyPublishing(state: () => Promise<PublishingState>): void;
}

/** Prometheus metrics of the re-check runs, beside the process defaults. */
export function createWorkerMetrics(service: string): WorkerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const runs = new Counter({
    name: 'byline_recheck_runs_total',
    help: 'Re-check runs, by outcome (ok: finished; failed: stopped by an error and retried on the next tick)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const proofs = new Counter({
    name: 'byline_recheck_proofs_total',
    help: 'rel="me" proofs re-checked, by result (held, failing, lapsed, lease_lost: another checker had taken it)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: 'byline_recheck_last_run_timestamp_seconds',
    help: 'When the last re-check run ended (Unix time), whatever its outcome',
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'byline_recheck_last_success_timestamp_seconds',
    help: 'When the last re-check run finished without error (Unix time)',
    registers: [registry],
  });
  // Present from the start, at 0, so dashboards and alerts see the series before the first run.
  for (const outcome of ['ok', 'failed']) runs.inc({ outcome }, 0);
  for (const result of ['held', 'failing', 'lapsed', 'lease_lost']) proofs.inc({ result }, 0);

  const records = new Counter({
    name: 'byline_bluesky_verification_writes_total',
    help: 'Bluesky verification records this worker wrote or deleted in Byline’s repository, and attempts that failed (retried with back-off)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  for (const result of ['published', 'deleted', 'failed']) records.inc({ result }, 0);
  let blueskyState: (() => Promise<PublishingState>) | null = null;
  new Gauge({
    name: 'byline_bluesky_verification_records',
    help: 'Journalists’ Bluesky verification records, by state (published: standing in Byline’s repository; pending: a change not yet published; failing: whose last attempt failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!blueskyState) return;
      // A store that does not answer leaves the last values: the scrape itself still succeeds.
      const state = await blueskyState().catch(() => null);
      if (!state) return;
      for (const [name, value] of Object.entries(state)) this.set({ state: name }, value);
    },
  });

  return {
    registry,
    blueskyRunFinished(summary) {
      records.inc({ result: 'published' }, summary.published);
      records.inc({ result: 'deleted' }, summary.deleted);
      records.inc({ result: 'failed' }, summary.failed);
    },
    observeBlueskyPublishing(state) {
      blueskyState = state;
    },
    runFinished(summary, at) {
      runs.inc({ outcome: 'ok' });
      proofs.inc({ result: 'held' }, summary.held);
      proofs.inc({ result: 'failing' }, summary.failing);
      proofs.inc({ result: 'lapsed' }, summary.lapsed);
      proofs.inc({ result: 'lease_lost' }, summary.leaseLost);
      lastRun.set(at.getTime() / 1000);
      lastSuccess.set(at.getTime() / 1000);
    },
    runFailed(at) {
      runs.inc({ outcome: 'failed' });
      lastRun.set(at.getTime() / 1000);
    },
  };
}
