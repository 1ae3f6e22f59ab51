/**
 * The services' request-duration histogram says in /metrics what prom-client's Histogram says for the same requests:
 * the same lines in the same order, and the same values as JSON.
 */
import type { Request, Response } from 'express';
import { Histogram, Registry } from 'prom-client';
import { createMetrics } from '@byline/http';

const NAME = 'http_request_duration_seconds';
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const REQUESTS: [method: string, route: string | undefined, status: number, seconds: number][] = [
  ['POST', '/api/verify_article', 200, 0.0003],
  ['GET', '/api/verify_article', 200, 0.0005],
  ['POST', '/api/verify_article', 200, 0.0007],
  ['POST', '/api/verify_article', 401, 0.002],
  ['GET', undefined, 404, 0.01],
  ['POST', '/api/verify_article', 200, 2.5],
  ['POST', '/api/verify_article', 200, 3.75],
  ['POST', '/api/v1/verify_journalist', 422, 0.1],
  ['GET', '/api/verify_article', 200, 0.25],
  ['OPTIONS', '/api/verify_article', 204, 0],
];

function reference(): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'article-verifier' });
  const histogram = new Histogram({
    name: NAME,
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of REQUESTS) {
    histogram.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }
  return registry;
}

function measured(): Registry {
  const { registry, record } = createMetrics('article-verifier');
  for (const [method, route, status, seconds] of REQUESTS) {
    const req = { method, route: route === undefined ? undefined : { path: route } } as unknown as Request;
    record(req, { statusCode: status } as Response, seconds);
  }
  return registry;
}

describe('the request-duration histogram', () => {
  it('writes the lines prom-client writes', async () => {
    expect(await measured().getSingleMetricAsString(NAME)).toBe(await reference().getSingleMetricAsString(NAME));
  });

  it('gives the values prom-client gives as JSON', async () => {
    const json = async (registry: Registry) => (await registry.getMetricsAsJSON()).find((metric) => metric.name === NAME);
    expect(await json(measured())).toEqual(await json(reference()));
  });

  it('is empty before any request, as prom-client is', async () => {
    const empty = new Registry();
    empty.setDefaultLabels({ service: 'article-verifier' });
    new Histogram({
      name: NAME,
      help: 'Time to answer an HTTP request',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [empty],
    });
    expect(await createMetrics('article-verifier').registry.getSingleMetricAsString(NAME)).toBe(
      await empty.getSingleMetricAsString(NAME),
    );
  });
});
