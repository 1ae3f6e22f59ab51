import { collectDefaultMetrics, Counter, Registry, type Metric } from 'prom-client';
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
  const duration = new RequestDurations(
    'http_request_duration_seconds',
    'Time to answer an HTTP request',
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  registry.registerMetric(duration as unknown as Metric);
  const record: RequestRecorder = (req, res, seconds) => {
    // The matched route pattern, never the raw path, so label values stay few.
    const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
    duration.observe(req.method, route, res.statusCode, seconds);
  };
  return { registry, record };
}

/** One label set's counts: per bucket (not cumulative), their sum and their number. */
interface Tally {
  labels: { method: string; route: string; status: string };
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A histogram of request durations by method, route and status, read by the registry as prom-client's Histogram is
 * (the same values in the same order, so /metrics says the same). prom-client's `observe` validated and hashed the
 * label object and looked its bucket up by a number turned into a property name: about 9 thousand instructions per
 * request, against a few hundred for these nested maps (route, status, method) and an array.
 */
class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly byRoute = new Map<string, Map<number, Map<string, Tally>>>();
  /** Every label set in the order first seen, as prom-client lists them. */
  private readonly tallies: Tally[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.byRoute.get(route);
    if (!byStatus) this.byRoute.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let tally = byMethod.get(method);
    if (!tally) {
      tally = { labels: { method, route, status: String(status) }, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      byMethod.set(method, tally);
      this.tallies.push(tally);
    }
    // The first bound at or above the value, as prom-client's findBound; past the last one only +Inf counts it.
    let bucket = 0;
    while (bucket < this.upperBounds.length && seconds > this.upperBounds[bucket]!) bucket++;
    if (bucket < this.upperBounds.length) tally.buckets[bucket]!++;
    tally.sum += seconds;
    tally.count += 1;
  }

  /** The values as prom-client's Histogram gives them for the text format (each set's labels as its shared labels). */
  getForPromString() {
    const values: PromValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, buckets, sum, count } of this.tallies) {
      let cumulative = 0;
      this.upperBounds.forEach((upperBound, i) => {
        cumulative += buckets[i]!;
        values.push({
          labels: { le: upperBound },
          sharedLabels: labels,
          value: cumulative,
          metricName: bucketName,
          exemplar: null,
        });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucketName, exemplar: null },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum`, exemplar: undefined },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count`, exemplar: undefined },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The values as prom-client's Histogram gives them as JSON (each set's labels after `le`). */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })),
    };
  }
}

interface PromValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  exemplar: null | undefined;
}

/** A counter of the app's own, by one label (`name` ends in `_total`); what it returns counts one. */
export function labelledCounter(metrics: Metrics, name: string, help: string, label: string): (value: string) => void {
  const counter = new Counter({ name, help, labelNames: [label], registers: [metrics.registry] });
  return (value) => counter.inc({ [label]: value });
}
