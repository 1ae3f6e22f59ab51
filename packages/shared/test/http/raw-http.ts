/**
 * HTTP/1.1 over a bare socket, for requests no HTTP client would send (bad methods, oversized headers, broken
 * framing…): writes the bytes as given and reads the first final answer (1xx answers are skipped).
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export type RawOutcome =
  | { kind: 'response'; response: RawResponse }
  /** The server closed the connection before a whole answer: `received` is what came, if anything. */
  | { kind: 'closed'; received: string }
  | { kind: 'timeout'; received: string };

export interface RawExchange {
  port: number;
  request: string | Buffer;
  /** Send FIN after the request (for a request left incomplete on purpose). */
  halfClose?: boolean;
  /** A HEAD request: the answer has no body whatever its Content-Length says. */
  head?: boolean;
  timeoutMs: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The first final answer in `data`; undefined while incomplete. `closed`: no more bytes will come. */
export function parseResponse(data: Buffer, head: boolean, closed: boolean): RawResponse | undefined {
  let rest = data;
  for (;;) {
    const end = rest.indexOf(HEADER_END);
    if (end < 0) return undefined;
    const lines = rest.subarray(0, end).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!match) throw new Error(`not an HTTP/1.1 answer: ${JSON.stringify(lines[0])}`);
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const after = rest.subarray(end + HEADER_END.length);
    if (status >= 100 && status < 200 && status !== 101) {
      rest = after;
      continue;
    }
    if (head || status === 204 || status === 304) return { status, headers, body: '' };
    if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
      const body = dechunked(after);
      return body === undefined ? undefined : { status, headers, body: body.toString('utf8') };
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return after.length < length ? undefined : { status, headers, body: after.subarray(0, length).toString('utf8') };
    }
    return closed ? { status, headers, body: after.toString('utf8') } : undefined;
  }
}

function dechunked(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked answer');
    if (size === 0) return data.indexOf(HEADER_END, lineEnd) < 0 ? undefined : Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends the request on a new connection and resolves with the first answer, a close, or a timeout. */
export function rawExchange({ port, request, halfClose = false, head = false, timeoutMs }: RawExchange): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const received = () => Buffer.concat(chunks);
    const timer = setTimeout(() => settle({ kind: 'timeout', received: received().toString('latin1') }), timeoutMs);
    const look = (closed: boolean) => {
      try {
        const response = parseResponse(received(), head, closed);
        if (response) settle({ kind: 'response', response });
        else if (closed) settle({ kind: 'closed', received: received().toString('latin1') });
      } catch {
        settle({ kind: 'closed', received: received().toString('latin1') });
      }
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      look(false);
    });
    // A reset after the answer arrived still leaves the answer to read.
    socket.on('error', () => look(true));
    socket.on('close', () => look(true));
    socket.write(request, () => {
      if (halfClose) socket.end();
    });
  });
}
