import cluster from 'node:cluster';
import { loadConfig } from '@byline/domain/config/config';

/**
 * WEB_CONCURRENCY > 1: this (primary) process forks that many workers that each run `start` and share
 * the listening port through node:cluster, restarts a worker that dies unexpectedly, and passes
 * SIGTERM/SIGINT on so each worker stops gracefully. Otherwise `start` runs here. An invalid
 * configuration is left for `start` to report.
 */
export async function runWithWebConcurrency(name: string, start: () => Promise<void>): Promise<void> {
  let workers = 1;
  try {
    workers = loadConfig().webConcurrency;
  } catch {
    // start() reports the configuration problem and exits.
  }
  if (workers <= 1 || !cluster.isPrimary) return start();

  let stopping = false;
  const listened = new Set<number>();
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!listened.has(worker.id)) {
      // It never started (bad configuration, port in use…): restarting would only loop.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = code || 1;
      return;
    }
    process.stderr.write(`${name}: worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    setTimeout(fork, 1000);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
