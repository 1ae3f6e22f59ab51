import cliProgress from 'cli-progress';
import type { ImportProgress } from '@byline/shared';
import type { OutputStream } from '../cli-context';

export interface ProgressReporter {
  update(progress: ImportProgress): void;
  stop(): void;
}

const LINE_EVERY_MS = 2000;
const LINE_EVERY_FRACTION = 0.1;

/**
 * A progress bar on a terminal; elsewhere (CI logs, pipes) a line every 10 % or every 2 seconds.
 * Writes synchronously: the embedded store reports progress from inside its import transaction.
 */
export function progressReporter(label: string, stream: OutputStream, now: () => number = Date.now): ProgressReporter {
  return stream.isTTY ? barReporter(label, stream) : lineReporter(label, stream, now);
}

function barReporter(label: string, stream: OutputStream): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: `${label} [{bar}] {percentage}% | {value}/{total} profiles`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update({ done, total }) {
      if (!started) {
        bar.start(total, done);
        started = true;
      } else bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

function lineReporter(label: string, stream: OutputStream, now: () => number): ProgressReporter {
  let lastAt = now();
  let lastStep = 0;
  return {
    update({ done, total }) {
      const fraction = total === 0 ? 1 : done / total;
      // Whole steps of LINE_EVERY_FRACTION, counted in integers so 0.3 - 0.2 rounding never skips a line.
      const step = Math.floor(fraction / LINE_EVERY_FRACTION + 1e-9);
      if (done < total && step <= lastStep && now() - lastAt < LINE_EVERY_MS) return;
      lastAt = now();
      lastStep = step;
      stream.write(`${label}: ${done}/${total} profiles (${Math.floor(fraction * 100)}%)\n`);
    },
    stop() {},
  };
}
