import { failure, type Failure } from './secured-credential';

/** Far more than a did document or a status list credential (a 16 KB list, compressed) ever is. */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;

export interface FetchOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The body of a `200` from `url`, within the time and the size allowed; otherwise why not, as a `fetch` failure. */
export async function fetchedDocument(
  url: string,
  accept: string,
  options: FetchOptions,
): Promise<{ ok: true; bytes: Uint8Array } | Failure<'fetch'>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, { headers: { accept }, signal });
    if (response.status !== 200) {
      await response.body?.cancel();
      return failure('fetch', `${url} answered ${response.status}`);
    }
    const bytes = await boundedBody(response);
    return bytes ? { ok: true, bytes } : failure('fetch', `${url} answered more than ${MAX_DOCUMENT_BYTES} bytes`);
  } catch (error) {
    if (timeout.aborted) return failure('fetch', `${url} did not answer within ${timeoutMs} ms`);
    if (options.signal?.aborted) return failure('fetch', `fetching ${url} was aborted`);
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return failure('fetch', `${url} could not be fetched: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
  }
}

/** The body, read no further than the limit: null past it. */
async function boundedBody(response: Response): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0);
  return readUpTo(response.body.getReader(), MAX_DOCUMENT_BYTES);
}

/** A stream's bytes, read no further than `limit`: null past it (the rest is cancelled, never read). */
export async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return joined(chunks, length);
}

export function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
