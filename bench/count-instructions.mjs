#!/usr/bin/env node
// npm run bench:instructions -- [--server article|article-v2|journalist|journalist-bluesky|articles-batch|journalists-batch|express|node]
//                               [--requests 4000] [--warmup 6000]
//                               [--connections 1] [--articles 100000] [--services-root DIR] [--skip-build]
//                               [--cache-sim] [--fresh] [--keep-callgrind DIR]
// The CPU instructions one server spends per answered request, counted by valgrind's callgrind after a
// warm-up. Unlike time, the count repeats within 1-4 % from run to run whatever else the machine is
// doing, so it can tell two builds apart on a noisy machine where `npm run bench` cannot (10-20 % are
// lost in its noise). It is not time: cache misses and the kernel's share (the socket write) are not in
// it. Compare builds with --services-root pointing at a worktree of the other commit, built, and run the
// two side by side: timers (the usage flush every 10 s) fire more often per request the slower the server
// goes. One connection by default: with several, how many requests share an event-loop turn depends on
// timing, and the count then moves by ±3 %.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './lib/load.mjs';
import { oneServerOptions, prepareOneServerRun, requireTool } from './lib/one-server.mjs';
import { benchScenarios } from './lib/scenarios.mjs';
import { startServer } from './lib/servers.mjs';
import { root } from './lib/setup.mjs';

process.chdir(root);

const { opts, requests, warmup, connections, articles, servicesRoot } = oneServerOptions({
  connections: 1,
  extra: {
    'cache-sim': { type: 'boolean', default: false },
    // Where to keep callgrind's output of the counted requests, to read where they went (callgrind_annotate).
    'keep-callgrind': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'answer-cache-bytes': { type: 'string' },
    hot: { type: 'string' },
    // The share of lookups for addresses or handles nobody has (0.2 by default; 0: known ones only).
    'unknown-share': { type: 'string', default: '0.2' },
  },
});

const log = (line) => process.stderr.write(`${line}\n`);
requireTool('valgrind', '--version');
const { bodyFile, runDir, makers } = await prepareOneServerRun({
  opts,
  articles,
  fresh: opts.fresh,
  runPrefix: 'byline-bench-data-',
  log,
});
const hot = opts.hot === undefined ? undefined : Number(opts.hot);
const unknownShare = Number(opts['unknown-share']);
if (!(unknownShare >= 0 && unknownShare <= 1)) throw new Error('--unknown-share must be a number from 0 to 1');
const made = makers({ hot, unknownShare });
const serviceEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  BYLINE_DATA_DIR: runDir,
  // The services' cache of served answers: their default unless given (0: none).
  ...(opts['answer-cache-bytes'] === undefined ? {} : { ANSWER_CACHE_BYTES: opts['answer-cache-bytes'] }),
};
const scenario = benchScenarios({ root, servicesRoot, bodyFile, serviceEnv, requests: made }).find((s) => s.id === opts.server);
if (!scenario)
  throw new Error(
    '--server must be article, article-v2, journalist, journalist-bluesky, articles-batch, journalists-batch, express or node',
  );

// valgrind's gdbserver, which callgrind_control talks to, names its pipes after USER and HOST: both
// processes must see the same values (the servers are given HOST=127.0.0.1 to listen on).
const vgdbEnv = { USER: 'byline-bench', LOGNAME: 'byline-bench', HOST: '127.0.0.1' };
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-callgrind-'));
const outFile = path.join(outDir, 'callgrind.out');
log(
  `${scenario.label} (${path.relative(root, scenario.script) || scenario.script}) under callgrind: ${warmup} requests to warm up, then ${requests} counted…`,
);
const server = await startServer({
  ...scenario,
  env: { ...scenario.env, ...vgdbEnv },
  launcher: [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    ...(opts['cache-sim'] ? ['--cache-sim=yes', '--branch-sim=yes'] : []),
    `--callgrind-out-file=${outFile}`,
  ],
  readyTimeoutMs: 180_000,
});
const control = (...args) =>
  execFileSync('callgrind_control', [...args, String(server.pid)], { env: { ...process.env, ...vgdbEnv }, stdio: 'ignore' });
let counted;
try {
  if (warmup > 0) await load({ url: server.url, connections, amount: warmup, request: scenario.request });
  control('--instr=on');
  counted = await load({ url: server.url, connections, amount: requests, request: scenario.request });
  control('--instr=off');
  control('--dump');
} finally {
  await server.stop();
}

// One file per dump (outFile.1) plus the final one at exit; the dump holds the counted requests, so it is
// the file with the most instructions. Each file names its events (Ir, and with --cache-sim the simulated
// cache misses and mispredicted branches) and gives their totals.
const counts = fs.readdirSync(outDir).map((name) => {
  const text = fs.readFileSync(path.join(outDir, name), 'utf8');
  const events = /^events: (.+)$/m.exec(text)?.[1].split(' ') ?? [];
  const totals = (/^totals: (.+)$/m.exec(text)?.[1].split(' ') ?? []).map(Number);
  return { file: name, ...Object.fromEntries(events.map((event, i) => [event, totals[i] ?? 0])) };
});
const dumped = counts.reduce((most, c) => ((c.Ir ?? 0) > (most.Ir ?? 0) ? c : most), {});
if (opts['keep-callgrind'] && dumped.file) {
  fs.mkdirSync(opts['keep-callgrind'], { recursive: true });
  fs.copyFileSync(path.join(outDir, dumped.file), path.join(opts['keep-callgrind'], `callgrind.out.${opts.server}`));
}
fs.rmSync(outDir, { recursive: true, force: true });
fs.rmSync(runDir, { recursive: true, force: true });
const instructions = dumped.Ir ?? 0;
const nonOk = counted.non2xx + counted.errors + counted.timeouts;
process.stdout.write(
  `${scenario.label}: ${(instructions / requests / 1000).toFixed(1)} thousand instructions per request ` +
    `(${requests} requests after ${warmup}, ${nonOk} not answered 2xx)\n`,
);
if (opts['cache-sim']) {
  // callgrind's simulated caches: first-level instruction and data, last level; not this machine's own.
  const perRequest = (...events) => (events.reduce((sum, e) => sum + (dumped[e] ?? 0), 0) / requests / 1000).toFixed(1);
  process.stdout.write(
    `  per request, in thousands (simulated): L1 instruction misses ${perRequest('I1mr')}, ` +
      `L1 data misses ${perRequest('D1mr', 'D1mw')}, last-level misses ${perRequest('ILmr', 'DLmr', 'DLmw')}, ` +
      `mispredicted branches ${perRequest('Bcm', 'Bim')}\n`,
  );
}
if (nonOk > 0) process.exitCode = 1;
