import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forEachTest } from './per-test';

/** A request the receiver got: the headers that matter and the raw body. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** How the receiver answers: a status, and headers (Retry-After, Location); status 0: it never answers. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A real webhook receiver on loopback: records every request and answers as the test tells it. */
export interface Receiver {
  url: string;
  received: Received[];
  answer: Answer;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const receiver = { received: [] as Received[], answer: { status: 204 } as Answer };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.received.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, headers = {}, body = '' } = receiver.answer;
      if (status !== 0) res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A receiver for each test of the enclosing describe block, closed after it (see forEachTest). */
export function receiverForEachTest(path?: string): Receiver {
  return forEachTest(
    () => startReceiver(path),
    (receiver) => receiver.close(),
  );
}
