import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loopbackOutbound } from '@byline/test-support';
import { createSafeFetch, fetchFailureOf, type FetchFailure } from '@byline/fetcher';

/**
 * The kinds the readers word their failures by, read off real failed fetches on loopback: the policy's refusal, a
 * name that does not resolve, the size cap, the time limit, a closed port, a connection cut mid-answer.
 */
describe('fetchFailureOf', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(64 * 1024));
      else if (req.url === '/cut') res.socket?.destroy();
      // '/silent' never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const loopback = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 500, maxBytes: 1024 });
  const strict = createSafeFetch({ timeoutMs: 500 });
  const noNames = createSafeFetch({
    ...loopbackOutbound(),
    resolve: async () => {
      throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    },
  });

  async function failureOf(fetching: Promise<Response>): Promise<FetchFailure> {
    try {
      const response = await fetching;
      await response.text();
    } catch (error) {
      return fetchFailureOf(error);
    }
    throw new Error('the fetch did not fail');
  }

  it('tells each failure by its kind', async () => {
    expect(await failureOf(strict(`${base}/big`))).toBe('unsafe-address');
    expect(await failureOf(noNames('http://nowhere.test/'))).toBe('unresolved');
    expect(await failureOf(loopback(`${base}/big`))).toBe('too-large');
    expect(await failureOf(loopback(`${base}/silent`))).toBe('timeout');
    expect(await failureOf(loopback(`${base}/cut`))).toBe('cut');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(loopback(`http://127.0.0.1:${port}/`))).toBe('refused');
  });

  it('calls anything else other', () => {
    expect(fetchFailureOf(new Error('something else'))).toBe('other');
    expect(fetchFailureOf('not an error')).toBe('other');
  });
});
