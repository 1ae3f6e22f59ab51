import { randomUUID } from 'node:crypto';
import http, { STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@byline/domain/logging/logger';
import { bornWithPrototypes, type WithPrototypes } from './born-with-prototypes';

/**
 * The answers Node gives on its own, before the app sees a request, made application/problem+json like every
 * other error (the error handler's shape, with a request id of its own). Node writes them with an empty body:
 *  - a request its parser rejects ('clientError': a header block over the limit → 431, an unknown or lower-case
 *    method, two Content-Length headers, a malformed chunk… → 400, a request not received in time → 408);
 *  - an `Expect` other than 100-continue → 417;
 *  - an HTTP/1.1 request without a Host header → 400;
 *  - CONNECT, which Node answers by closing the connection without a word → 400.
 * (An HTTP/2 preface, `PRI * HTTP/2.0`, is still closed without an answer: an HTTP/1.1 answer would mean
 * nothing to that client.)
 */

/** The status Node itself gives a parser error (lib/_http_server.js socketOnError). */
function statusOfClientError(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

function detailOfClientError(status: number, reason: unknown): string {
  switch (status) {
    case 431:
      return 'The request headers are larger than this server accepts';
    case 413:
      return 'The chunk extensions of the request body are larger than this server accepts';
    case 408:
      return 'The request was not received in time';
    default:
      // llhttp's reasons are fixed phrases ("Invalid method encountered", "Duplicate Content-Length"…).
      return typeof reason === 'string' && /^[\x20-\x7e]{1,200}$/.test(reason)
        ? `The request is not valid HTTP/1.1: ${reason}`
        : 'The request is not valid HTTP/1.1';
  }
}

function problemBody(status: number, detail: string, requestId: string): string {
  return JSON.stringify({
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    message: detail,
    request_id: requestId,
  });
}

/** A whole HTTP/1.1 answer, for a socket no ServerResponse exists for; the connection closes after it. */
function rawProblem(status: number, detail: string, requestId: string, withBody = true): string {
  const body = problemBody(status, detail, requestId);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/problem+json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    (withBody ? body : '')
  );
}

function sendProblem(res: ServerResponse, status: number, detail: string, requestId: string): void {
  const body = problemBody(status, detail, requestId);
  res.writeHead(status, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  res.end(body);
}

/** One log entry per answer given here, at the http level like the request log; never the request's bytes (they may hold credentials). */
function rejectionLog(logger: Logger | undefined): (status: number, requestId: string, code: string | undefined) => void {
  if (!logger?.isLevelEnabled('http')) return () => {};
  return (status, requestId, code) => logger.http('request rejected before routing', { request_id: requestId, status, code });
}

interface ClientSocket extends Duplex {
  /** The answer in progress on this connection, if any (Node's own field, read by its default handler too). */
  _httpMessage?: (ServerResponse & { req?: IncomingMessage }) | null;
}

type ClientError = Error & { code?: string; reason?: unknown; rawPacket?: unknown };

/**
 * Whether the rejected request is a HEAD, whose answer must have no body (a client would read the body as
 * garbage): from the request, if its head was read, else from the bytes the parser failed on (Node's
 * `rawPacket`), which start with the request line when the request came in one piece.
 */
function isHead(error: ClientError, socket: ClientSocket): boolean {
  const method = socket._httpMessage?.req?.method;
  if (method !== undefined) return method === 'HEAD';
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

/**
 * Attaches the problem+json answers for what Node rejects itself to `server` (see above; the missing Host
 * header needs the server made by createHttpServer).
 */
export function answerClientErrorsAsProblems(server: Server, logger?: Logger): Server {
  const log = rejectionLog(logger);

  server.on('clientError', (error: ClientError, socket: ClientSocket) => {
    // Node's own rule: answer only while nothing of another answer went out on this connection.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const status = statusOfClientError(error.code);
    const requestId = randomUUID();
    log(status, requestId, error.code);
    // The parser cannot go on after its error: close once the answer is out.
    const answer = rawProblem(status, detailOfClientError(status, error.reason), requestId, !isHead(error, socket));
    socket.end(answer, () => socket.destroy());
  });

  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    log(417, requestId, 'EXPECTATION');
    sendProblem(res, 417, 'The only expectation this server meets is "Expect: 100-continue"', requestId);
  });

  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const requestId = randomUUID();
    log(400, requestId, 'CONNECT');
    socket.end(rawProblem(400, 'CONNECT is not supported: this server is not a proxy', requestId), () => socket.destroy());
  });
  return server;
}

/**
 * The HTTP server for an app (instead of `app.listen`): every answer Node would give itself, with an empty
 * body, is application/problem+json (answerClientErrorsAsProblems), including the 400 for an HTTP/1.1
 * request without a Host header, which Node's own check would write before the app is called.
 */
export function createHttpServer(app: RequestListener & WithPrototypes, logger?: Logger): Server {
  const log = rejectionLog(logger);
  const server = http.createServer({ requireHostHeader: false, ...bornWithPrototypes(app) }, (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      const requestId = randomUUID();
      log(400, requestId, 'MISSING_HOST');
      sendProblem(res, 400, 'An HTTP/1.1 request needs a Host header', requestId);
      return;
    }
    app(req, res);
  });
  return answerClientErrorsAsProblems(server, logger);
}
