import type { Server, ServerResponse } from 'node:http';
import type { Logger } from '@byline/domain/logging/logger';
import type { Store } from '@byline/domain/store/store';

/** How long requests in flight may take to finish after SIGTERM/SIGINT before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Extra time for closing the store; past grace + this, the process exits 1 rather than hang. */
const STORE_CLOSE_MS = 5_000;

export interface ShutdownOptions {
  graceMs?: number;
  /** Defaults to process.exit. */
  exit?: (code: number) => void;
  /** Defaults to SIGTERM and SIGINT. */
  signals?: NodeJS.Signals[];
}

/**
 * Installs the SIGTERM/SIGINT handler: stop accepting, let requests in flight finish (bounded by the
 * grace period), close the store, exit 0. Call it right after creating the server so every request is tracked.
 * Returns the stop routine itself, for tests.
 */
export function stopGracefullyOnSignals(
  server: Server,
  store: Pick<Store, 'close'>,
  logger: Logger,
  options: ShutdownOptions = {},
): (signal: NodeJS.Signals) => Promise<void> {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = new Set<ServerResponse>();
  let stopping = false;

  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (stopping) closeAfterResponse(res);
  });

  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, inFlight: inFlight.size, graceMs });
    const giveUp = setTimeout(() => {
      logger.error('shutdown took too long; exiting', { graceMs });
      exit(1);
    }, graceMs + STORE_CLOSE_MS);
    giveUp.unref();

    // A kept-alive connection would otherwise stay open (and take new requests) after its answer.
    for (const res of inFlight) closeAfterResponse(res);
    await closeServer(server, graceMs, logger);
    try {
      await store.close();
    } catch (error) {
      logger.error('closing the store failed', { error: error instanceof Error ? error.message : String(error) });
      exit(1);
      return;
    }
    clearTimeout(giveUp);
    logger.info('stopped', { signal });
    exit(0);
  };

  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) {
    // `on`, not `once`: a second signal during the grace period must not kill the process mid-request.
    process.on(signal, () => void stop(signal));
  }
  return stop;
}

function closeAfterResponse(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/** Stops listening and resolves once every connection is gone; cuts the ones still busy after the grace period. */
function closeServer(server: Server, graceMs: number, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => {
      logger.warn('grace period over; closing connections still in use', { graceMs });
      server.closeAllConnections();
    }, graceMs);
    // Also closes the idle keep-alive connections (Node >= 19); busy ones end after their answer.
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
  });
}
