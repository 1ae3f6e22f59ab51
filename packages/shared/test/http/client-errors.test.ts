/**
 * Requests Node answers itself, before the app sees them, get application/problem+json like every other
 * error, on all three servers: each case sent over a bare socket.
 */
import http from 'node:http';
import { rawExchange, type RawOutcome, type RawResponse } from './raw-http';
import { SERVER_NAMES, serve, type Served, type ServerName } from './served';

const HOST = 'Host: 127.0.0.1\r\n';
const FORM_PATH: Record<ServerName, string> = {
  'article verifier': '/api/verify_article',
  'journalist verifier': '/api/v1/verify_journalist',
  portal: '/signin',
};

function answerOf(outcome: RawOutcome): RawResponse {
  if (outcome.kind !== 'response') throw new Error(`no answer (${outcome.kind}): ${JSON.stringify(outcome.received)}`);
  return outcome.response;
}

/** The problem shape of the error handler: status in the body too, message = detail, the request id echoed. */
function expectRawProblem(response: RawResponse, status: number): Record<string, unknown> {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toEqual({
    type: 'about:blank',
    title: expect.any(String),
    status,
    detail: expect.any(String),
    message: body.detail,
    request_id: response.headers['x-request-id'],
  });
  expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
  return body;
}

describe.each(SERVER_NAMES)('requests Node answers itself: the %s', (name) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(name);
  });
  afterAll(() => served?.close());

  const exchange = (request: string, options: { halfClose?: boolean } = {}) =>
    rawExchange({ port: served.port, request, timeoutMs: 10_000, ...options }).then(answerOf);

  it('answers 431 problem+json for 70 kB of headers', async () => {
    const body = expectRawProblem(await exchange(`GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${'a'.repeat(70_000)}\r\n\r\n`), 431);
    expect(body.title).toBe('Request Header Fields Too Large');
  });

  it('answers 431 to a HEAD without a body, so that an HTTP client can read it', async () => {
    // Read to its end: a body after the head would be an error ("Data after `Connection: close`").
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request(
          { host: '127.0.0.1', port: served.port, method: 'HEAD', path: '/healthz', headers: { 'X-Big': 'a'.repeat(70_000) } },
          (answer) => answer.resume().on('end', () => setImmediate(() => resolve(answer))),
        )
        .on('error', reject)
        .end();
    });

    expect(res.statusCode).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each([
    ['a lower-case method', `post /api/verify_article HTTP/1.1\r\n${HOST}\r\n`],
    ['an unknown method', `FOO / HTTP/1.1\r\n${HOST}\r\n`],
    ['two Content-Length headers', `POST / HTTP/1.1\r\n${HOST}Content-Length: 2\r\nContent-Length: 3\r\n\r\nab`],
    [
      'Content-Length with Transfer-Encoding',
      `POST / HTTP/1.1\r\n${HOST}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    ['a header name with a space', `GET / HTTP/1.1\r\n${HOST}Bad Header: x\r\n\r\n`],
    ['a control character in a header value', `GET / HTTP/1.1\r\n${HOST}X-A: a\x01b\r\n\r\n`],
    ['a NUL in the path', `GET /a\0b HTTP/1.1\r\n${HOST}\r\n`],
    ['bare LF line ends', `GET / HTTP/1.1\n${HOST.replace('\r', '')}\n`],
  ])('answers 400 problem+json for %s', async (_case, request) => {
    const body = expectRawProblem(await exchange(request), 400);
    expect(body.detail).toMatch(/^The request is not valid HTTP\/1\.1: \S/);
  });

  /** The head of a form POST the app reads the body of (a verification with a working key; any portal form). */
  const formPost = (framing: string) =>
    `POST ${FORM_PATH[name]} HTTP/1.1\r\n${HOST}Authorization: ${served.authorization}\r\n` +
    `Content-Type: application/x-www-form-urlencoded\r\n${framing}\r\n`;

  it('answers 400 problem+json for a malformed chunk size in a body the app reads', async () => {
    expectRawProblem(await exchange(`${formPost('Transfer-Encoding: chunked\r\n')}3\r\nurl\r\nZZ\r\n`), 400);
  });

  it('answers 400 problem+json for a Transfer-Encoding other than chunked on a body the app reads', async () => {
    expectRawProblem(await exchange(`${formPost('Transfer-Encoding: gzip\r\n')}url=x`), 400);
  });

  it('answers 400 problem+json when the body ends early (the client half-closes)', async () => {
    expectRawProblem(await exchange(`${formPost('Content-Length: 100\r\n')}url=`, { halfClose: true }), 400);
  });

  it('answers 400 problem+json to an HTTP/1.1 request without a Host header', async () => {
    const body = expectRawProblem(await exchange('GET /healthz HTTP/1.1\r\n\r\n'), 400);
    expect(body.detail).toMatch(/Host/);
  });

  it('still answers an HTTP/1.0 request without a Host header', async () => {
    expect((await exchange('GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('answers 417 problem+json to an Expect other than 100-continue', async () => {
    expectRawProblem(await exchange(`GET /healthz HTTP/1.1\r\n${HOST}Expect: the-unexpected\r\n\r\n`), 417);
  });

  it('answers Expect: 100-continue with 100, then the answer', async () => {
    const answer = await exchange(`GET /healthz HTTP/1.1\r\n${HOST}Expect: 100-continue\r\n\r\n`);
    expect(answer.status).toBe(200);
  });

  it('answers 400 problem+json to CONNECT instead of closing the connection', async () => {
    expectRawProblem(await exchange('CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n'), 400);
  });

  it('leaves a known method without a route to the app (PROPFIND)', async () => {
    const answer = await exchange(`PROPFIND /nowhere HTTP/1.1\r\n${HOST}\r\n`);
    expect(answer.status).toBe(404);
    if (name === 'portal') expect(answer.headers['content-type']).toMatch(/^text\/html/);
    else expectRawProblem(answer, 404);
  });
});
