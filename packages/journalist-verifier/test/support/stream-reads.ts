/**
 * body-parser's reading of a request's stream (raw-body), counted, for a test file that mocks raw-body with
 * countedRawBody(): how many streams the server has read, and a way for a client to wait until it begins to read one.
 */
export const streamReads = { count: 0, onRead: undefined as (() => void) | undefined };

/** The real raw-body, called through a wrapper that counts the calls and tells a waiting client (streamReadBegun). */
export function countedRawBody(): unknown {
  const actual = jest.requireActual<(...args: unknown[]) => unknown>('raw-body');
  return Object.assign((...args: unknown[]) => {
    streamReads.count++;
    const result = actual(...args);
    streamReads.onRead?.();
    return result;
  }, actual);
}

/**
 * Resolves when the server begins to read a request's stream, or after `ms` (so a wrong quick path fails, not hangs):
 * a deadline, so generous, as a loaded machine's awaited steps before the read can take seconds.
 */
export function streamReadBegun(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      streamReads.onRead = undefined;
      resolve();
    }
    streamReads.onRead = done;
  });
}
