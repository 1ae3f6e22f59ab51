import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import net from 'node:net';
import type { Express } from 'express';
import request, { type Test } from 'supertest';
import type { ServiceDeps } from '@byline/shared/http';
import { createApp as createArticleApp } from '../../../article-verifier/src/app';
import { createApp as createJournalistApp } from '../../../journalist-verifier/src/app';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the test Redis answers, decided once when the file loads so suites can be skipped by name.
 * Locally a missing Redis skips those suites with a notice; under CI (env CI set) it fails the run.
 */
export function redisAnswers(): boolean {
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

export function uniquePrefix(): string {
  return `byline-test:${randomUUID()}`;
}

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OperationUnderTest {
  name: string;
  createApp: (deps: ServiceDeps) => Express;
  /** Sends one valid request of this operation with these credentials, to the app or to a server already listening. */
  send: (app: Express | http.Server, authorization: string) => Test;
}

export const OPERATIONS: OperationUnderTest[] = [
  {
    name: 'verify_article',
    createApp: createArticleApp,
    send: (app, authorization) =>
      request(app).post('/api/verify_article').query({ url: 'https://news.example/unknown' }).set('Authorization', authorization),
  },
  {
    name: 'verify_journalist',
    createApp: createJournalistApp,
    send: (app, authorization) =>
      request(app)
        .post('/api/v1/verify_journalist')
        .send({ social_username: '@nobody', social_type: 'twitter' })
        .set('Authorization', authorization),
  },
];
