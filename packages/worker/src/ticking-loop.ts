import type { Logger } from '@byline/domain/logging/logger';
import { abortablePause } from './abortable-pause';

/** A loop of the worker's: stop() ends its pause at once and resolves when its run in flight has ended. */
export interface TickingLoop {
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

export interface TickingOptions {
  /** What a run is, for the log line of a failed one ("re-check run" → "re-check run failed; …"). */
  run: string;
  pollIntervalMs: number;
  logger: Logger;
  /** Aborted by stop(): the loop's runs watch it to stop early. */
  stopping: AbortController;
  /** One run. What it did is its own to log and report. */
  tick: () => Promise<void>;
  /** Told of a run that threw (tests wait on it; metrics count it). */
  onError?: (error: unknown) => void;
  /** What stop() waits for besides the run in flight (work a run started and left going). */
  drain?: () => Promise<unknown>;
}

/**
 * Runs `tick`, pauses `pollIntervalMs`, again and again until stop(). A run that throws (the store unreachable, a
 * bug) is logged and tried again on the next tick: the worker never dies of one.
 */
export function startTicking(options: TickingOptions): TickingLoop {
  const { run, pollIntervalMs, logger, stopping, tick, onError, drain } = options;
  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        await tick();
      } catch (error) {
        logger.error(`${run} failed; trying again on the next tick`, {
          error: error instanceof Error ? error.message : String(error),
          retryInMs: pollIntervalMs,
        });
        onError?.(error);
      }
      if (!stopping.signal.aborted) await abortablePause(pollIntervalMs, stopping.signal);
    }
    await drain?.();
  };
  const done = loop();
  return {
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
