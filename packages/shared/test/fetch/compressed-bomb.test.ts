import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duplex, pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { loopbackOutbound } from '@byline/test-support';
import { createSafeFetch, ResponseTooLargeError } from '@byline/fetcher/index';

const CAP = 256 * 1024;

/** Two compressors one after the other, as one stream: `outer` compresses what `inner` made. */
function chained(inner: Transform, outer: Transform): Duplex {
  inner.pipe(outer);
  return Duplex.from({ writable: inner, readable: outer });
}

/**
 * A chain's compressors flush every write. Otherwise each keeps its output until a 16 KB chunk is full, and the outer
 * one fills its first chunk only after the inner one has compressed gigabytes of spaces: seconds before the site sent
 * its first byte, which outlasted the fetcher's 10 s on a loaded machine, so the test failed on time, not on the cap.
 */
const GZIP_FLUSHED = { level: 1, flush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_FLUSHED = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/** Every content coding a site may answer with, and the compressor that makes it. */
const ENCODERS: Record<string, { header: string; encoder: () => Transform | Duplex }> = {
  gzip: { header: 'gzip', encoder: () => zlib.createGzip({ level: 1 }) },
  deflate: { header: 'deflate', encoder: () => zlib.createDeflate({ level: 1 }) },
  'raw deflate': { header: 'deflate', encoder: () => zlib.createDeflateRaw({ level: 1 }) },
  br: {
    header: 'br',
    encoder: () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
  },
  // Codings applied in the order listed: decoded from the last (a bomb inside a bomb).
  'gzip, gzip': {
    header: 'gzip, gzip',
    encoder: () => chained(zlib.createGzip(GZIP_FLUSHED), zlib.createGzip(GZIP_FLUSHED)),
  },
  'deflate, br': {
    header: 'deflate, br',
    encoder: () => chained(zlib.createDeflate(GZIP_FLUSHED), zlib.createBrotliCompress(BROTLI_FLUSHED)),
  },
};

/** Spaces without end: compressed, a few kilobytes stand for gigabytes. */
function endlessSpaces(): Readable {
  const block = Buffer.alloc(64 * 1024, 32);
  return new Readable({
    read() {
      this.push(block);
    },
  });
}

/**
 * Counts what the decompressors make, wherever they are created: the bytes a bomb made this process hold. (The
 * zlib functions are wrapped, not mocked: every stream is real.)
 */
function countDecodedBytes() {
  let decoded = 0;
  const restore: (() => void)[] = [];
  for (const name of ['createGunzip', 'createInflate', 'createInflateRaw', 'createBrotliDecompress'] as const) {
    const original = zlib[name] as (options?: object) => Transform;
    Object.defineProperty(zlib, name, {
      configurable: true,
      value: (options?: object) => {
        const stream = original(options);
        const push = stream.push.bind(stream);
        stream.push = (chunk: Buffer | null) => {
          if (chunk) decoded += chunk.byteLength;
          return push(chunk);
        };
        return stream;
      },
    });
    restore.push(() => Object.defineProperty(zlib, name, { configurable: true, value: original }));
  }
  return { decoded: () => decoded, restore: () => restore.forEach((undo) => undo()) };
}

describe('safe fetch: a compressed bomb is decoded no further than the cap', () => {
  let server: http.Server;
  let port: number;
  let counter: ReturnType<typeof countDecodedBytes>;
  const finished: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const [, kind, what] = req.url!.split('/').map(decodeURIComponent);
      // Endless bytes, sent as they are under whatever coding the path names.
      if (kind === 'raw') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': what! });
        return pipeline(endlessSpaces(), res, () => {});
      }
      const { header, encoder } = ENCODERS[kind!]!;
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': header });
      if (what === 'page') return pipeline(Readable.from([Buffer.from('<p>hello</p>')]), encoder(), res, () => {});
      // Sent as the client reads it; the server stops when the client drops the connection.
      pipeline(endlessSpaces(), encoder(), res, () => finished.push(kind!));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (counter = countDecodedBytes()));
  afterEach(() => counter.restore());

  const fetch = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 10_000, maxBytes: CAP });
  const url = (kind: string, what: string) => `http://127.0.0.1:${port}/${encodeURIComponent(kind)}/${what}`;

  it.each(Object.keys(ENCODERS))('%s: an endless bomb fails at the cap, having decoded about the cap', async (kind) => {
    const response = await fetch(url(kind, 'bomb'));
    await expect(response.arrayBuffer()).rejects.toBeInstanceOf(ResponseTooLargeError);
    // The cap, plus at most what the decoders and the stream between hold (a few 16 KB chunks each decoder: a
    // chain's inner decoders count what they hand the outer ones too).
    const slack = 128 * 1024 * ENCODERS[kind]!.header.split(',').length;
    expect(counter.decoded()).toBeGreaterThan(CAP);
    expect(counter.decoded()).toBeLessThan(CAP + slack);
    // And nothing more is decoded after the failure: the connection is dropped, the site stops sending.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counter.decoded()).toBeLessThan(CAP + slack);
    expect(finished).toContain(kind);
  });

  it.each(['x-unknown', 'gzip, gzip, gzip'])(
    '%s: a coding not decoded is passed on as sent, its bytes capped',
    async (coding) => {
      const response = await fetch(`http://127.0.0.1:${port}/raw/${encodeURIComponent(coding)}`);
      expect(response.headers.get('content-encoding')).toBe(coding);
      await expect(response.arrayBuffer()).rejects.toBeInstanceOf(ResponseTooLargeError);
      expect(counter.decoded()).toBe(0);
    },
  );

  it.each(Object.keys(ENCODERS))('%s: an ordinary compressed page is read as sent', async (kind) => {
    const response = await fetch(url(kind, 'page'));
    expect(await response.text()).toBe('<p>hello</p>');
    expect(response.headers.get('content-encoding')).toBe(ENCODERS[kind]!.header);
  });
});
