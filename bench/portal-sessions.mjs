#!/usr/bin/env node
// npm run bench:portal-sessions -- [--users 1000] [--calls 50000] [--skip-build]
// The store work of a signed-in portal request, through the repositories on a fresh embedded store: the session read
// (sessions.find) and the flash check with nothing waiting (sessions.takeFlash), and the user reads by id and by
// address (users.findById, findByEmail). Prints ns per call, the median of three runs. It uses the repositories only,
// so the same script measures an older commit checked out and built beside (as house-figures.md's figures were).
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { buildUnlessSkipped, root } from './lib/setup.mjs';

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    calls: { type: 'string', default: '50000' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const users = Number(opts.users);
const calls = Number(opts.calls);
if (!Number.isInteger(users) || users < 1) throw new Error('--users must be an integer ≥ 1');
if (!Number.isInteger(calls) || calls < 1) throw new Error('--calls must be an integer ≥ 1');
const log = (line) => process.stderr.write(`${line}\n`);
buildUnlessSkipped(opts['skip-build'], log);

const require = createRequire(path.join(root, 'packages/shared/package.json'));
const { SqliteStore } = require('@byline/store-sqlite/store/sqlite-store');
const { repositoriesOf } = require('@byline/shared/store');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-bench-sessions-'));
const repositories = repositoriesOf(SqliteStore.inDirectory(dir));
const now = new Date();
const expiresAt = new Date(now.getTime() + 86_400_000).toISOString();
const ids = [];
for (let i = 0; i < users; i++) {
  const user = await repositories.users.create({ email: `u${i}@example.org`, passwordHash: 'x', role: 'journalist' }, now);
  await repositories.sessions.create({ tokenHash: `t${i}`, userId: user.id, csrfToken: 'c', expiresAt }, now);
  ids.push(user.id);
}

/** ns per call of `call(i)`, the median of three runs of `calls` calls. */
async function nsPerCall(call) {
  const runs = [];
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await call(i % users);
    runs.push(Number(process.hrtime.bigint() - start) / calls);
  }
  return Math.round(runs.sort((a, b) => a - b)[1]);
}

const rows = [
  ['sessions.find', (i) => repositories.sessions.find(`t${i}`, now)],
  ['sessions.takeFlash (nothing waiting)', (i) => repositories.sessions.takeFlash(`t${i}`)],
  ['users.findById', (i) => repositories.users.findById(ids[i])],
  ['users.findByEmail', (i) => repositories.users.findByEmail(`u${i}@example.org`)],
];
log(`embedded store, ${users} users with a session each, ${calls} calls per run (median of 3), Node ${process.version}`);
for (const [label, call] of rows) process.stdout.write(`${label.padEnd(38)} ${String(await nsPerCall(call)).padStart(7)} ns\n`);
await repositories.close();
fs.rmSync(dir, { recursive: true, force: true });
