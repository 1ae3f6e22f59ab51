#!/usr/bin/env node
// npm run bench:import-stall -- [--articles 100000] [--import-articles 100000] [--imports 3] [--tail 15] [--skip-build]
// How long verify_article keeps a caller waiting while `byline import` writes into the same embedded store:
// a running article verifier is asked one random known address every 10 ms (one caller, not a load test),
// while `--imports` imports of a generated file run one after the other in their own processes, and for
// `--tail` seconds after (so that usage flushes run after the imports too). Prints the slowest answers.
// The imports write into a copy of the bench's data set, which stays as it was.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { articlesOption, buildUnlessSkipped, root } from './lib/setup.mjs';

process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    'import-articles': { type: 'string', default: '100000' },
    imports: { type: 'string', default: '3' },
    tail: { type: 'string', default: '15' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const articles = articlesOption(opts.articles);
const importArticles = articlesOption(opts['import-articles']);
const imports = Number(opts.imports);
const tailSeconds = Number(opts.tail);
if (!Number.isInteger(imports) || imports < 1) throw new Error('--imports must be an integer ≥ 1');
if (!(tailSeconds >= 0)) throw new Error('--tail must be a number of seconds ≥ 0');

const log = (line) => process.stderr.write(`${line}\n`);
buildUnlessSkipped(opts['skip-build'], log);

const { prepareDataset } = await import('./lib/dataset.mjs');
const { importFile, runImport } = await import('./lib/import-run.mjs');
const { requestMakers } = await import('./lib/requests.mjs');
const { startServer } = await import('./lib/servers.mjs');

const datasetDir = path.join(root, 'bench-results', `data-embedded-${articles}`);
const dataset = await prepareDataset({ store: 'embedded', articles, dir: datasetDir, log });
const file = await importFile({ articles: importArticles, dir: path.join(root, 'bench-results') });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-import-stall-'));
fs.cpSync(datasetDir, dataDir, { recursive: true });

const server = await startServer({
  script: path.join(root, 'packages/article-verifier/dist/main.js'),
  env: { PATH: process.env.PATH, NODE_ENV: 'production', BYLINE_DATA_DIR: dataDir },
  portVariable: 'ARTICLE_VERIFIER_PORT',
  readyPath: '/readyz',
});
const { article } = requestMakers({ articles, authorization: `Bearer ${dataset.token}` });
const started = performance.now();
const answers = []; // [seconds since start, ms, status]
let asking = true;
const caller = (async () => {
  while (asking) {
    const { method, path: requestPath, headers } = article();
    const sent = performance.now();
    const res = await globalThis.fetch(server.url + requestPath, { method, headers });
    await res.arrayBuffer();
    answers.push([(sent - started) / 1000, performance.now() - sent, res.status]);
    await pause(10);
  }
})();

try {
  for (let i = 1; i <= imports; i++) {
    await runImport({ root, file, dataDir });
    log(
      `import ${i}/${imports} of ${importArticles.toLocaleString('en')} articles done at ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await pause(tailSeconds * 1000);
} finally {
  asking = false;
  await caller;
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const byTime = [...answers].sort((a, b) => b[1] - a[1]);
const statuses = {};
for (const [, , status] of answers) statuses[status] = (statuses[status] ?? 0) + 1;
const at = (q) => byTime[Math.floor((1 - q) * (byTime.length - 1))][1].toFixed(1);
process.stdout.write(
  `verify_article during ${imports} import(s) of ${importArticles.toLocaleString('en')} articles and ${tailSeconds} s after: ` +
    `${answers.length} answers (${Object.entries(statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${byTime[0][1].toFixed(1)} ms\n` +
    `  slowest five (at s: ms): ${byTime
      .slice(0, 5)
      .map(([t, ms]) => `${t.toFixed(1)}: ${ms.toFixed(0)}`)
      .join(', ')}\n`,
);
if (Object.keys(statuses).some((status) => status !== '200')) process.exitCode = 1;
