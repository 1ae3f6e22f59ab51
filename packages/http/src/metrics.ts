import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { RequestRecorder } from './request-context';

export interface Metrics {
  registry: Registry;
  /** Records an answered request's duration by method, route and status (see requestContext). */
  record: RequestRecorder;
}

/** Prometheus metrics for one app: process defaults plus request durations by route and status. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const record: RequestRecorder = (req, res, seconds) => {
    // The matched route pattern, never the raw path, so label values stay few.
    const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
  };
  return { registry, record };
}

/** A counter of the app's own, by one label (`name` ends in `_total`); what it returns counts one. */
export function labelledCounter(metrics: Metrics, name: string, help: string, label: string): (value: string) => void {
  const counter = new Counter({ name, help, labelNames: [label], registers: [metrics.registry] });
  return (value) => counter.inc({ [label]: value });
}
