// One autocannon run against a server, with a request shape that varies per request.
import autocannon from 'autocannon';

/**
 * Runs autocannon for `durationSeconds`, or until `amount` requests are answered; `request()` gives each
 * request's { method, path, headers, body }. The result carries `answeredMs`: every 2xx answer's latency in
 * milliseconds, unrounded (autocannon's own percentiles are whole milliseconds, and on loopback the servers'
 * p99s differ by fractions of one).
 */
export function load({ url, connections, durationSeconds, amount, request }) {
  return new Promise((resolve, reject) => {
    const answered = new LatencyList();
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration: durationSeconds }),
        requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, answeredMs: answered.sorted() })),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) answered.push(responseTimeMs);
    });
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** Latencies in a growing typed array: a few hundred thousand per run, no object per answer. */
class LatencyList {
  values = new Float64Array(1 << 16);
  length = 0;

  push(value) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  sorted() {
    return this.values.subarray(0, this.length).sort();
  }
}

/** The latency at quantile `q` of sorted latencies, to a hundredth of a millisecond (null when none). */
function quantile(sorted, q) {
  if (!sorted?.length) return null;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return Math.round(value * 100) / 100;
}

export function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: quantile(result.answeredMs, 0.5) ?? result.latency.p50,
    p99Ms: quantile(result.answeredMs, 0.99) ?? result.latency.p99,
    meanMs: result.latency.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
