import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { streamReadBegun, streamReads } from './support/stream-reads';

// body-parser's stream reading, counted, and signalled to a client waiting for the server to begin reading.
jest.mock('raw-body', () => jest.requireActual<{ countedRawBody(): unknown }>('./support/stream-reads').countedRawBody());

const QUESTION = JSON.stringify({ social_type: 'twitter', social_username: '@NiamhCass94' });

/**
 * POSTs the question over a bare socket, with its head in one write, or its body only once the server has begun to
 * read the stream (a pause of a fixed length is not enough: on a loaded machine the handler's awaited steps can
 * outlast it, and the body is then buffered before it is read); the status.
 */
function ask(port: number, authorization: string, type: string, body: string, split: boolean): Promise<number> {
  const head =
    `POST /api/v1/verify_journalist HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])));
    if (split) {
      const begun = streamReadBegun(10_000);
      socket.write(head);
      void begun.then(() => socket.write(body));
    } else socket.write(head + body);
  });
}

/**
 * A JSON body that came in with its head is parsed at once, without reading the request's stream (body-parser's
 * raw-body, iconv-lite and the listeners between them: the largest step of a verify_journalist request of its own).
 * Node runs the handler's awaited steps before it marks the message complete, so "came in whole" must be judged by
 * the bytes buffered: judged by `req.complete`, no such request took the quick way.
 */
describe.each(storeFactories())('verify_journalist: a JSON body that came with its head ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    await seed(service.store, aProfile({ profile_social_profiles: { twitter: '@NiamhCass94' } }));
    server = http.createServer(service.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is parsed without reading the stream; a body sent later, or a form, is read from it', async () => {
    streamReads.count = 0;
    for (let i = 0; i < 5; i++) expect(await ask(port, service.authorization, 'application/json', QUESTION, false)).toBe(200);
    expect(streamReads.count).toBe(0);

    expect(await ask(port, service.authorization, 'application/json', QUESTION, true)).toBe(200);
    expect(streamReads.count).toBe(1);
    const form = 'social_type=twitter&social_username=%40NiamhCass94';
    expect(await ask(port, service.authorization, 'application/x-www-form-urlencoded', form, false)).toBe(200);
    expect(streamReads.count).toBe(2);
  });
});
