import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { RecheckSummary } from '@byline/editorial/proofs/recheck';

export interface WorkerMetrics {
  registry: Registry;
  /** A run that finished: its counts go to the proof counters. */
  runFinished(summary: RecheckSummary, at: Date): void;
  /** A run that threw (store unreachable…): counted, retried on the next tick. */
  runFailed(at: Date): void;
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

  return {
    registry,
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
