// A small process supervisor for `npm start`: runs each service in its own process, restarts one that dies
// (after a back-off that doubles while it keeps dying) and leaves the others serving; stop() ends them all.
// A service that exits with `fatalExitCode` (its configuration is wrong: restarting cannot help) ends them all too.
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';

export const FIRST_RESTART_DELAY_MS = 1000;
export const LONGEST_RESTART_DELAY_MS = 30_000;
/** A service that ran this long before it died is restarted after the first delay again. */
export const STABLE_AFTER_MS = 60_000;

/**
 * @param {{ name: string, args: string[] }[]} services what to run: `node ...args` for each
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, log?: (line: string) => void, fatalExitCode?: number,
 *   onFatal?: (code: number) => void }} options onFatal: called once every service has stopped after one exited
 *   with fatalExitCode
 * @returns {{ stop: () => Promise<void> }} stop: SIGTERM to every service, resolved once all have exited
 */
export function supervise(services, { cwd, env, log = (line) => console.error(line), fatalExitCode, onFatal = () => {} }) {
  let stopping = false;
  const running = new Map(); // name → child process
  const pendingRestarts = new Set();

  function run(service, delayMs) {
    const startedAt = Date.now();
    const child = spawn(process.execPath, service.args, { cwd, env, stdio: 'inherit' });
    running.set(service.name, child);
    child.on('exit', (code, signal) => {
      running.delete(service.name);
      if (stopping) return;
      if (fatalExitCode !== undefined && code === fatalExitCode) {
        log(
          `byline: ${service.name} cannot start: its configuration is invalid (exit code ${code}; its message is above); stopping every service`,
        );
        void stop().then(() => onFatal(code));
        return;
      }
      const stable = Date.now() - startedAt >= STABLE_AFTER_MS;
      const wait = stable ? FIRST_RESTART_DELAY_MS : delayMs;
      log(`byline: ${service.name} stopped (${signal ?? `exit code ${code}`}); restarting in ${wait / 1000}s`);
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        run(service, Math.min(wait * 2, LONGEST_RESTART_DELAY_MS));
      }, wait);
      pendingRestarts.add(timer);
    });
  }

  async function stop() {
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    pendingRestarts.clear();
    const exits = [...running.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running.values()) child.kill('SIGTERM');
    await Promise.all(exits);
  }

  for (const service of services) run(service, FIRST_RESTART_DELAY_MS);
  return { stop };
}
