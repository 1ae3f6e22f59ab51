/**
 * The built servers as real processes answer what Node rejects itself as application/problem+json: the
 * verifiers through runService (also in node:cluster workers, WEB_CONCURRENCY=2), the portal through its main.
 */
import { buildPackages, startService, tempDir, type RunningService } from '@byline/test-support';
import { rawExchange, type RawResponse } from '../http/raw-http';

const TOO_LARGE = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`;
const LOWER_CASE_METHOD = 'post /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const NO_HOST = 'GET /healthz HTTP/1.1\r\n\r\n';

async function answer(port: number, request: string): Promise<RawResponse> {
  const outcome = await rawExchange({ port, request, timeoutMs: 10_000 });
  if (outcome.kind !== 'response') throw new Error(`no answer (${outcome.kind}): ${JSON.stringify(outcome.received)}`);
  return outcome.response;
}

async function expectProblemsFrom(port: number): Promise<void> {
  for (const [request, status] of [
    [TOO_LARGE, 431],
    [LOWER_CASE_METHOD, 400],
    [NO_HOST, 400],
  ] as const) {
    const response = await answer(port, request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status, request_id: response.headers['x-request-id'] });
  }
}

describe('client errors from the built processes', () => {
  beforeAll(() => buildPackages('article-verifier', 'journalist-verifier', 'portal'), 180_000);

  it.each([
    ['article-verifier', {}],
    ['journalist-verifier', { WEB_CONCURRENCY: '2' }],
    ['portal', {}],
  ] as const)(
    '%s %j',
    async (name, env) => {
      let service: RunningService | undefined;
      try {
        service = await startService(name, { dataDir: tempDir(), env });
        await expectProblemsFrom(service.port);
      } finally {
        await service?.stop();
      }
    },
    60_000,
  );
});
