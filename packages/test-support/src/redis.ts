import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the test Redis answers, decided once per test file when its suites are declared, so they can be skipped by name.
 * Locally a missing Redis skips those suites with a notice; under CI (env CI set) it fails the run.
 */
let answers: boolean | undefined;

export function redisAnswers(): boolean {
  answers ??= probeRedis();
  return answers;
}

function probeRedis(): boolean {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s = require('net').connect(${Number(port) || 6379}, ${JSON.stringify(hostname)});
       s.on('connect', () => { s.write('PING\\r\\n'); });
       s.on('data', (d) => process.exit(String(d).startsWith('+PONG') ? 0 : 1));
       s.on('error', () => process.exit(1));
       setTimeout(() => process.exit(1), 1000);`,
    ],
    { timeout: 3000 },
  );
  const up = probe.status === 0;
  if (!up && process.env.CI) throw new Error(`Redis does not answer at ${REDIS_URL}; CI must start one`);
  if (!up) process.stderr.write(`\n*** Redis does not answer at ${REDIS_URL}: Redis rate-limit tests are SKIPPED ***\n\n`);
  return up;
}

/** A key prefix no other test or run uses. */
export function uniquePrefix(): string {
  return `byline-test:${randomUUID()}`;
}

/**
 * A TCP proxy on loopback to `target` that can be made to hang like a Redis that stops answering (a paused
 * process): while hung it accepts connections and reads what clients send, but passes nothing on (kept in order,
 * and passed on when it answers again, as a paused Redis would read it on resuming). `heldWhileHung` is what
 * the clients sent meanwhile, to count the commands that reached it.
 */
export interface PausableProxy {
  url: string;
  hang(): void;
  answer(): void;
  heldWhileHung(): string;
  close(): Promise<void>;
}

export async function pausableProxy(target: string): Promise<PausableProxy> {
  const { hostname, port } = new URL(target);
  let hung = false;
  let held = '';
  const pending: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port) || 6379, hostname);
    sockets.add(client).add(upstream);
    const toUpstream = (data: Buffer) => {
      if (!hung) return void upstream.write(data);
      held += data.toString('latin1');
      pending.push(() => upstream.write(data));
    };
    client.on('data', toUpstream);
    upstream.on('data', (data) => client.write(data));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hang: () => {
      hung = true;
      held = '';
    },
    answer: () => {
      hung = false;
      for (const write of pending.splice(0)) write();
    },
    heldWhileHung: () => held,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server on loopback that accepts connections and never answers (a hung Redis from the start). */
export async function silentServer(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let received = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (data) => (received += data.length)).on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
