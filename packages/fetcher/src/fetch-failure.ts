/**
 * Why an outbound fetch failed, in kinds each reader words for its own audience (a journalist, an outlet's admin).
 * - `unsafe-address`: the address policy refused the connection (UnsafeAddressError);
 * - `unresolved`: the host name has no address (UnresolvedHostError, ENOTFOUND, EAI_AGAIN);
 * - `too-large`: the body passed the size cap (ResponseTooLargeError, which undici wraps in a TypeError);
 * - `timeout`: the time limit ran out (TimeoutError, AbortError, a connect timeout);
 * - `certificate`: https refused the server's certificate;
 * - `refused` / `cut`: the connection was refused, or cut before the answer;
 * - `other`: anything else (the server did not answer in a way the fetch could read).
 */
export type FetchFailure =
  'unsafe-address' | 'unresolved' | 'too-large' | 'timeout' | 'certificate' | 'refused' | 'cut' | 'other';

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
}

/** The error and the errors it was caused by, outermost first, at most ten ("fetch failed" says only that it failed). */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause !== undefined && cause !== null && chain.length < 10; cause = (cause as ErrorLike).cause)
    chain.push(cause);
  return chain;
}

/** The kind of one error of the chain, or undefined when it says nothing of its own. */
function kindOf({ name = '', code = '', message = '' }: ErrorLike): FetchFailure | undefined {
  if (name === 'UnsafeAddressError') return 'unsafe-address';
  if (name === 'UnresolvedHostError' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unresolved';
  if (name === 'ResponseTooLargeError') return 'too-large';
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
    return 'timeout';
  if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(message)) return 'certificate';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'cut';
  return undefined;
}

/**
 * The kind of a failed fetch: the policy's refusal, a name that does not resolve and the size cap first, wherever
 * they are in the chain of causes (undici wraps them), then the first other cause that says something.
 */
export function fetchFailureOf(error: unknown): FetchFailure {
  const kinds = errorChain(error).map((cause) => (typeof cause === 'object' ? kindOf(cause as ErrorLike) : undefined));
  for (const first of ['unsafe-address', 'unresolved', 'too-large'] as const) if (kinds.includes(first)) return first;
  return kinds.find((kind) => kind !== undefined) ?? 'other';
}
