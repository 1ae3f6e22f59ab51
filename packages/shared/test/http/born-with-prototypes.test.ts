import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createHttpServer } from '@byline/http';

/** One GET answered by `listener` through createHttpServer; resolves with the body. */
async function askThrough(listener: http.RequestListener): Promise<string> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/born`);
    return await answer.text();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

// Express sets its prototypes on every request and response; V8 makes that costly unless they are already theirs.
describe('the HTTP server: requests and responses born with the app’s prototypes', () => {
  it('makes an app’s requests and responses with its own request and response as their prototypes', async () => {
    const request = Object.create(http.IncomingMessage.prototype) as object;
    const response = Object.create(http.ServerResponse.prototype) as object;
    const app = Object.assign(
      (req: IncomingMessage, res: ServerResponse) =>
        res.end(JSON.stringify([Object.getPrototypeOf(req) === request, Object.getPrototypeOf(res) === response])),
      { request, response },
    );
    expect(JSON.parse(await askThrough(app))).toEqual([true, true]);
  });

  it('leaves a plain listener Node’s own classes', async () => {
    const listener = (req: IncomingMessage, res: ServerResponse) =>
      res.end(String(Object.getPrototypeOf(req) === http.IncomingMessage.prototype));
    expect(await askThrough(listener)).toBe('true');
  });

  it('serves an Express app as before: its request and response methods in place', async () => {
    const app = express();
    app.get('/born', (req, res) => {
      res.json({ host: req.get('host')?.startsWith('127.0.0.1:'), prototype: Object.getPrototypeOf(req) === app.request });
    });
    expect(JSON.parse(await askThrough(app))).toEqual({ host: true, prototype: true });
  });
});
