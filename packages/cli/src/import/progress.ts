import cliProgress from 'cli-progress';
import type { ImportProgress } from '@byline/domain/profiles/profiles-repository';
import type { OutputStream } from '../cli-context';

export interface ProgressReporter {
  update(progress: ImportProgress): void;
  stop(): void;
}

/** How progress is counted: the pair done/total as shown, e.g. "500/1200 profiles" or "3.1/7.8 MB". */
export type Amount = (done: number, total: number) => string;

export const profileCount: Amount = (done, total) => `${done}/${total} profiles`;

const UNITS: [string, number][] = [
  ['GB', 2 ** 30],
  ['MB', 2 ** 20],
  ['KB', 2 ** 10],
];

/** Bytes, both figures in the unit that suits the total. */
export const byteCount: Amount = (done, total) => {
  const [unit, size] = UNITS.find(([, bytes]) => total >= bytes) ?? ['bytes', 1];
  const show = (n: number) => (size === 1 ? String(n) : (n / size).toFixed(1));
  return `${show(done)}/${show(total)} ${unit}`;
};

const LINE_EVERY_MS = 2000;
const LINE_EVERY_FRACTION = 0.1;

/**
 * A progress bar on a terminal; elsewhere (CI logs, pipes) a line every 10 % or every 2 seconds.
 * Writes synchronously: the embedded store reports progress from inside its import transaction.
 */
export function progressReporter(
  label: string,
  stream: OutputStream,
  { amount = profileCount, now = Date.now }: { amount?: Amount; now?: () => number } = {},
): ProgressReporter {
  return stream.isTTY ? barReporter(label, stream, amount) : lineReporter(label, stream, amount, now);
}

function barReporter(label: string, stream: OutputStream, amount: Amount): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: `${label} [{bar}] {percentage}% | {amount}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update({ done, total }) {
      const payload = { amount: amount(done, total) };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      } else bar.update(done, payload);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

function lineReporter(label: string, stream: OutputStream, amount: Amount, now: () => number): ProgressReporter {
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
      stream.write(`${label}: ${amount(done, total)} (${Math.floor(fraction * 100)}%)\n`);
    },
    stop() {},
  };
}
