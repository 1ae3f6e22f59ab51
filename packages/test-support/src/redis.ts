import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

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
