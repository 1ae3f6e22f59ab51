import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { streamReadBegun, streamReads } from './support/stream-reads';

// body-parser's stream reading, counted, and signalled to a client waiting for the server to begin reading.
jest.mock('raw-body', () => jest.requireActual<{ countedRawBody(): unknown }>('./support/stream-reads').countedRawBody());

const PATH = '/api/v1/verify_journalist';
const QUESTION = JSON.stringify({ social_type: 'twitter', social_username: '@NiamhCass94' });

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs `body` over a bare socket, either in the same write as the headers (the whole body is in when the handler
 * reads it) or once the server has begun to read the request's stream (the handler must wait for it: after a pause
 * of a fixed length, a loaded machine's awaited steps could leave the body buffered before it was read, and both
 * ways would be the same way), and reads the answer.
 */
function exchange(port: number, authorization: string, type: string, body: Buffer, split: boolean): Promise<Answer> {
  const head =
    `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const answer = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      delete answer.request_id;
      resolve({ status, body: answer });
    });
    if (split) {
      const begun = streamReadBegun(10_000);
      socket.write(head);
      void begun.then(() => socket.write(body));
    } else socket.write(Buffer.concat([Buffer.from(head), body]));
  });
}

const BODIES: [string, Buffer][] = [
  ['the question', Buffer.from(QUESTION)],
  ['the question after whitespace', Buffer.from(` \t\r\n${QUESTION}`)],
  ['the question after a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(QUESTION)])],
  ['only a byte order mark', Buffer.from([0xef, 0xbb, 0xbf])],
  ['a list', Buffer.from('[1]')],
  ['a string', Buffer.from('"@NiamhCass94"')],
  ['whitespace', Buffer.from('  ')],
  ['broken JSON', Buffer.from('{"social_type": ')],
  ['bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])],
];

describe.each(storeFactories())('verify_journalist: a JSON body read whole or as it comes ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  let server: http.Server;
  let port: number;

  const profile = aProfile({ profile_social_profiles: { twitter: '@NiamhCass94' } });
  beforeAll(async () => {
    await seed(service.store, profile);
    server = http.createServer(service.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(BODIES)('answers %s the same either way', async (_name, body) => {
    for (const type of ['application/json', 'application/json; charset=UTF-8']) {
      const whole = await exchange(port, service.authorization, type, body, false);
      const readBefore = streamReads.count;
      const later = await exchange(port, service.authorization, type, body, true);
      expect(streamReads.count - readBefore).toBe(1); // the body sent later was read from the stream
      expect(whole).toEqual(later);
    }
  });

  it('answers the question', async () => {
    const answer = await exchange(port, service.authorization, 'application/json', Buffer.from(QUESTION), false);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ verified: true, slug: profile.profile_slug });
  });
});
