// One autocannon run against a server, with a request shape that varies per request.
import autocannon from 'autocannon';

/**
 * Runs autocannon for `durationSeconds`, or until `amount` requests are answered; `request()` gives each
 * request's { method, path, headers, body }.
 */
export function load({ url, connections, durationSeconds, amount, request }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration: durationSeconds }),
        requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export function summarise(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
