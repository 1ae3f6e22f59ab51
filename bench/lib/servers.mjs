// Starts each server under test in its own process, waits until it answers, and reads its memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilAnswering(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      const res = await globalThis.fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

function kbOf(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process and its workers have used so far (Linux /proc). */
export function cpuSecondsOf(pid) {
  try {
    return [pid, ...childrenOf(pid)].reduce((sum, p) => {
      // Fields after the command name, which may hold spaces: state is the 1st, utime the 12th, stime the 13th.
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ').pop().split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    }, 0);
  } catch {
    return NaN;
  }
}

/** Bytes the process and its workers have read from disk so far, page cache hits excluded (Linux /proc). */
export function diskBytesReadOf(pid) {
  try {
    return [pid, ...childrenOf(pid)].reduce(
      (sum, p) => sum + Number(/read_bytes: (\d+)/.exec(fs.readFileSync(`/proc/${p}/io`, 'utf8'))?.[1] ?? NaN),
      0,
    );
  } catch {
    return NaN;
  }
}

/**
 * Resident memory in MB (Linux /proc): the peak of the largest process (the per-process figure the
 * targets speak of) and the current total of the process and its workers (WEB_CONCURRENCY).
 */
export function memoryOf(pid) {
  try {
    const pids = [pid, ...childrenOf(pid)];
    const peakRssMb = Math.round(Math.max(...pids.map((p) => kbOf(p, 'VmHWM'))) / 1024);
    const totalRssMb = Math.round(pids.reduce((sum, p) => sum + kbOf(p, 'VmRSS'), 0) / 1024);
    return { peakRssMb, totalRssMb, processes: pids.length };
  } catch {
    return { peakRssMb: null, totalRssMb: null, processes: null };
  }
}

/**
 * Spawns `[launcher…] node [nodeArgs] script` with env, waits for `readyPath` to answer 200, returns
 * { url, pid, stop() }. A launcher (e.g. valgrind and its options) runs node under it.
 */
export async function startServer({
  script,
  env,
  readyPath = '/healthz',
  portVariable = 'PORT',
  nodeArgs = [],
  launcher = [],
  readyTimeoutMs = 30_000,
}) {
  const port = await freePort();
  const command = [...launcher, process.execPath, ...nodeArgs, script];
  const child = spawn(command[0], command.slice(1), {
    env: { ...env, [portVariable]: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url + readyPath, child, readyTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${script}: ${error.message}\n${stderr}`);
  }
  return {
    url,
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
