#!/usr/bin/env node
// What one server's request costs beyond its own instructions, per answered request: the system calls it makes
// (by kind, with `strace -c`), its CPU time split into user and system, its minor page faults and, with --gc, the
// garbage collector's work; with --allocations, where its JavaScript allocates (sampled, collected objects
// included). `npm run bench:instructions` counts user-space instructions only: a lookup can run as few as the Express
// baseline and still take twice its time, in the kernel and in stalls these figures show.
//
// Unlike request rates, the counts here (system calls, faults, garbage per request) hardly move with the machine's
// load; the CPU times do, so compare those only between servers measured in the same run on a quiet machine.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before anything native
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { allocationSites } from './lib/allocation-sites.mjs';
import { load } from './lib/load.mjs';
import { oneServerOptions, prepareOneServerRun, requireTool } from './lib/one-server.mjs';
import { benchScenarios } from './lib/scenarios.mjs';
import { startServer } from './lib/servers.mjs';
import { root } from './lib/setup.mjs';

process.chdir(root);

const { opts, requests, warmup, connections, articles, servicesRoot } = oneServerOptions({
  // The CPU split and the garbage are measured at this many connections (the bench's); the system calls at one.
  connections: 10,
  extra: { gc: { type: 'boolean', default: false }, allocations: { type: 'boolean', default: false } },
});

const log = (line) => process.stderr.write(`${line}\n`);
requireTool('strace', '-V');
const { bodyFile, runDir, makers } = await prepareOneServerRun({ opts, articles, runPrefix: 'byline-bench-kernel-', log });
const made = makers({ unknownShare: 0.2 });
const gcLog = path.join(runDir, 'gc.log');
const allocationsFile = path.join(runDir, 'allocations.json');
const serviceEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  BYLINE_DATA_DIR: runDir,
  ...(opts.allocations ? { BENCH_ALLOCATIONS_OUT: allocationsFile } : {}),
};
const scenario = benchScenarios({
  root,
  servicesRoot,
  bodyFile,
  serviceEnv,
  requests: made,
}).find((s) => s.id === opts.server);
if (!scenario) throw new Error(`--server ${opts.server} is not one of the bench's servers (see bench/lib/scenarios.mjs)`);

const nodeArgs = [
  ...(opts.gc ? ['--trace-gc'] : []),
  ...(opts.allocations ? ['--import', path.join(root, 'bench/lib/allocation-sampler.mjs')] : []),
];
// --trace-gc writes to standard output, which startServer discards: a shell in front keeps it.
const launcher = opts.gc ? ['sh', '-c', `exec "$0" "$@" > '${gcLog}'`] : [];
const server = await startServer({ ...scenario, nodeArgs, launcher });
// From /proc/PID/stat (after the command's closing parenthesis): minor faults, then user and system clock ticks.
const TICK_MICROSECONDS = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
const usage = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { faults: Number(fields[7]), user: Number(fields[11]), system: Number(fields[12]) };
};
const gcEvents = () =>
  opts.gc
    ? fs
        .readFileSync(gcLog, 'utf8')
        .split('\n')
        .filter((l) => / ms: /.test(l))
    : [];
const straceFile = path.join(runDir, 'strace.txt');
let cpu;
let collections;
try {
  log(`${scenario.label}: ${warmup} requests to warm up…`);
  await load({ url: server.url, connections, amount: warmup, request: scenario.request });
  if (opts.allocations) process.kill(server.pid, 'SIGUSR2'); // the sampler starts
  const before = usage();
  const gcBefore = gcEvents().length;
  await load({ url: server.url, connections, amount: requests, request: scenario.request });
  const after = usage();
  collections = gcEvents().slice(gcBefore);
  cpu = {
    user: ((after.user - before.user) * TICK_MICROSECONDS) / requests,
    system: ((after.system - before.system) * TICK_MICROSECONDS) / requests,
    faults: (after.faults - before.faults) / requests,
  };
  if (opts.allocations) {
    process.kill(server.pid, 'SIGUSR2'); // the sampler writes its profile
    await waitForFile(allocationsFile);
  }
  // System calls from one connection, so that each request is its own event-loop turn, as at low load.
  log(`${scenario.label}: ${requests} requests under strace…`);
  const strace = spawn('strace', ['-c', '-f', '-o', straceFile, '-p', String(server.pid)], { stdio: 'ignore' });
  await sleep(500); // attached
  await load({ url: server.url, connections: 1, amount: requests, request: scenario.request });
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
} finally {
  await server.stop();
}

const out = (line) => process.stdout.write(`${line}\n`);
out(`${scenario.label}, per request (${requests} after ${warmup}):`);
out(
  `  CPU at ${connections} connection(s): user ${cpu.user.toFixed(1)} µs, system ${cpu.system.toFixed(1)} µs; ` +
    `minor page faults ${cpu.faults.toFixed(2)}`,
);
const calls = straceCounts(fs.readFileSync(straceFile, 'utf8'));
const total = calls.reduce((sum, [, count]) => sum + count, 0);
out(`  system calls at 1 connection: ${(total / requests).toFixed(2)}`);
for (const [name, count] of calls.filter(([, count]) => count / requests >= 0.01)) {
  out(`    ${name.padEnd(16)} ${(count / requests).toFixed(2)}`);
}
if (opts.gc) {
  const megabytesFreed = collections
    .map((line) => / ([\d.]+) \([\d.]+\) -> ([\d.]+) \(/.exec(line))
    .filter(Boolean)
    .reduce((sum, [, from, to]) => sum + Number(from) - Number(to), 0);
  const pauses = collections.map((line) => Number(/MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \//.exec(line)?.[1] ?? 0));
  const kinds = (kind) => collections.filter((line) => line.includes(kind)).length;
  out(
    `  garbage collections: ${kinds('Scavenge')} scavenges, ${kinds('Mark-Compact')} mark-compacts; ` +
      `${((megabytesFreed * 1024) / requests).toFixed(1)} KB freed per request; pauses up to ` +
      `${Math.max(0, ...pauses).toFixed(2)} ms, ${pauses.reduce((a, b) => a + b, 0).toFixed(1)} ms in all`,
  );
}
if (opts.allocations) {
  const { perRequest, sites } = allocationSites(JSON.parse(fs.readFileSync(allocationsFile, 'utf8')), requests);
  out(`  JavaScript allocations (sampled): ${(perRequest / 1024).toFixed(1)} KB per request; the largest sites:`);
  for (const { site, bytes } of sites.slice(0, 25)) out(`    ${String(Math.round(bytes)).padStart(6)} B  ${site}`);
}
fs.rmSync(runDir, { recursive: true, force: true });

/** `strace -c`'s table as [name, calls], most first. */
function straceCounts(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    // % time, seconds, usecs/call, calls, [errors,] syscall
    const found = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?([a-z_0-9]+)\s*$/.exec(line);
    if (found && found[2] !== 'total') rows.push([found[2], Number(found[1])]);
  }
  return rows.sort((a, b) => b[1] - a[1]);
}

async function waitForFile(file) {
  for (let tries = 0; tries < 100 && !fs.existsSync(file); tries++) await sleep(100);
  if (!fs.existsSync(file)) throw new Error('the allocation sampler wrote no profile');
}
