import { Duplex, pipeline, Readable, Transform } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import type { Dispatcher } from 'undici';

type Undici = typeof import('undici');

/** A response body larger than the cap. */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The response is larger than ${maxBytes} bytes.`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * Where the interceptor below moves a response's Content-Encoding, so that undici's fetch leaves the body as sent.
 * Its own decoding reads ahead of what is asked for (its deflate decoder ignores back-pressure: a small deflate
 * bomb decoded tens of megabytes past a 2 MB cap); the body is decoded here instead, where the cap is counted.
 */
const KEPT_ENCODING = 'x-byline-content-encoding';

/** The most content codings a response may stack (undici's fetch allows five; a page needs one). */
const MAX_CODINGS = 2;

/** An undici interceptor that hands fetch the body undecoded, its Content-Encoding kept under KEPT_ENCODING. */
export function keepEncodedInterceptor(undici: Undici): Dispatcher.DispatcherComposeInterceptor {
  // DecoratorHandler passes every call on (turning fetch's handler into the current handler interface); its
  // typings do not list those methods.
  const Decorator = undici.DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandler) => Dispatcher.DispatchHandler;
  class EncodingKept extends Decorator {
    override onResponseStart(
      controller: Dispatcher.DispatchController,
      statusCode: number,
      headers: IncomingHttpHeaders,
      statusMessage?: string,
    ): void {
      const kept: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers))
        kept[name.toLowerCase() === 'content-encoding' ? KEPT_ENCODING : name] = value;
      super.onResponseStart!(controller, statusCode, kept, statusMessage);
    }
  }
  return (dispatch) => (options, handler) => dispatch(options, new EncodingKept(handler as Dispatcher.DispatchHandler));
}

/**
 * The same response, its body decoded (gzip, deflate, br, zstd where Node has it) and failing as soon as more
 * than `maxBytes` have been decoded: each decoder yields only what is read from it, so a compressed bomb is
 * decoded no further than the cap (plus one decoder chunk, 16 KB) before the connection is dropped. A declared
 * length over the cap is refused before anything is read.
 */
export function cappedResponse(response: Response, maxBytes: number, nullBody: boolean): Response {
  const coding = response.headers.get(KEPT_ENCODING);
  const headers = new Headers(response.headers);
  headers.delete(KEPT_ENCODING);
  if (coding !== null) headers.set('content-encoding', coding);
  if (!response.body || nullBody) {
    void response.body?.cancel();
    return withBody(response, null, headers);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    void response.body.cancel();
    throw new ResponseTooLargeError(maxBytes);
  }
  const codings = (coding ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name !== 'identity');
  // An unknown coding (or too many) is passed on as sent, as fetch does: still capped, just not readable.
  const decoders = codings.length <= MAX_CODINGS && codings.every((name) => DECODERS[name]) ? codings.reverse() : [];
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size > maxBytes) done(new ResponseTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  // pipeline destroys every stage on the first error, cancelling the response body (undici drops the connection).
  const stages = [source, ...decoders.map((name) => DECODERS[name]!()), limit];
  const decoded = pipeline(stages, () => {}) as unknown as Readable;
  return withBody(response, Readable.toWeb(decoded) as ReadableStream<Uint8Array>, headers);
}

function withBody(response: Response, body: ReadableStream<Uint8Array> | null, headers: Headers): Response {
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

// Lenient at the end as browsers (and undici) are: a body cut short still gives what it held.
const GZIP_OPTIONS = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

const DECODERS: Record<string, () => Duplex> = {
  gzip: () => zlib.createGunzip(GZIP_OPTIONS),
  'x-gzip': () => zlib.createGunzip(GZIP_OPTIONS),
  deflate: inflateEither,
  br: () => zlib.createBrotliDecompress(BROTLI_OPTIONS),
  ...('createZstdDecompress' in zlib ? { zstd: () => zlib.createZstdDecompress() } : {}),
};

/**
 * "deflate" as servers send it: zlib-wrapped as the standard says, or raw as some old servers do (the first
 * byte tells, as browsers and undici decide). Pulled, never pushed: the inflater decodes only what is read.
 */
function inflateEither(): Duplex {
  return Duplex.from(async function* (source: AsyncIterable<Buffer>) {
    const chunks = source[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return;
    const inflater = (first.value[0]! & 0x0f) === 0x08 ? zlib.createInflate(GZIP_OPTIONS) : zlib.createInflateRaw(GZIP_OPTIONS);
    const input = Readable.from(
      (async function* () {
        yield first.value;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      })(),
    );
    yield* pipeline(input, inflater, () => {}) as AsyncIterable<Buffer>;
  });
}
