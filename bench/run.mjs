#!/usr/bin/env node
// npm run bench -- [--articles N] [--duration S] [--connections C] [--store embedded|mongo] [--redis] [--fresh] [--import-articles N] [--profile]
// Five servers, each in its own process, one after the other, loaded by autocannon from this process:
// (1) plain Express 5 with a fixed body, (2) bare node:http with it, (3) verify_article, (3b) the same lookups
// through v2 (on the data set's verified outlet), (4) verify_journalist, then (3c) verify_articles and (4b)
// verify_journalists with 100 lookups per request, whose lookups/s are compared with (3)'s and (4)'s requests/s.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { articlesOption, buildUnlessSkipped, root } from './lib/setup.mjs';

process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    store: { type: 'string', default: 'embedded' },
    redis: { type: 'boolean', default: false },
    'web-concurrency': { type: 'string', default: '1' },
    fresh: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    'import-articles': { type: 'string', default: '100000' },
    'answer-cache-bytes': { type: 'string' },
    hot: { type: 'string' },
    profile: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench-results/latest.json' },
  },
});
const articles = articlesOption(opts.articles);
const importArticles = Number(opts['import-articles'].replace(/_/g, ''));
const durationSeconds = Number(opts.duration);
const warmupSeconds = Number(opts.warmup);
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be an integer ≥ 1');
if (!Number.isInteger(importArticles) || importArticles < 0)
  throw new Error('--import-articles must be an integer ≥ 0 (0 skips it)');
if (!['embedded', 'mongo'].includes(opts.store)) throw new Error('--store must be embedded or mongo');
if (opts.store === 'mongo' && !process.env.MONGODB_URI) throw new Error('--store mongo needs MONGODB_URI');
if (opts.redis && !process.env.REDIS_URL) throw new Error('--redis needs REDIS_URL');

const log = (line) => process.stderr.write(`${line}\n`);

buildUnlessSkipped(opts['skip-build'], log);

const { prepareDataset, sampleAnswerFile } = await import('./lib/dataset.mjs');
const { BATCH_ITEMS, requestMakers } = await import('./lib/requests.mjs');
const { benchScenarios } = await import('./lib/scenarios.mjs');
const { startServer, memoryOf, cpuSecondsOf, diskBytesReadOf } = await import('./lib/servers.mjs');
const { load, summarise } = await import('./lib/load.mjs');
const { combineRounds, median } = await import('./lib/rounds.mjs');
const { microsNow, newestProfile, summariseProfile } = await import('./lib/profile-summary.mjs');

const dataDir = path.join(root, 'bench-results', `data-${opts.store}-${articles}`);
log(`data set: ${articles.toLocaleString('en')} articles in the ${opts.store} store`);
const dataset = await prepareDataset({
  store: opts.store,
  articles,
  dir: dataDir,
  mongodbUri: process.env.MONGODB_URI,
  fresh: opts.fresh,
  log,
});
const bodyFile = sampleAnswerFile(dataDir, dataset);
const serviceEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  BYLINE_DATA_DIR: dataDir,
  ...(opts.store === 'mongo' ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
  ...(opts.redis ? { REDIS_URL: process.env.REDIS_URL } : {}),
  WEB_CONCURRENCY: opts['web-concurrency'],
  // The services' cache of served answers: their default unless given (0: none).
  ...(opts['answer-cache-bytes'] === undefined ? {} : { ANSWER_CACHE_BYTES: opts['answer-cache-bytes'] }),
};
const hot = opts.hot === undefined ? undefined : Number(opts.hot);
const requests = requestMakers({ articles, authorization: `Bearer ${dataset.token}`, hot });
const SCENARIOS = benchScenarios({ root, bodyFile, serviceEnv, requests }).filter((scenario) => !scenario.extra);

// Rounds: every server once per round, one after the other, so that a slow spell of the machine (which
// moves req/s by 10–20 % here) hits one round of each ratio instead of one server of the only round. Every other
// round runs them in the reverse order: a server measured just after another one ran (or after a quiet spell) is
// measured faster or slower for it on this VM, and a fixed order would put that in every round of a ratio.
const roundResults = [];
for (let round = 1; round <= rounds; round++) {
  const results = {};
  for (const scenario of round % 2 === 1 ? SCENARIOS : [...SCENARIOS].reverse()) {
    log(
      `round ${round}/${rounds}, ${scenario.label}: warm-up ${warmupSeconds} s, then ${durationSeconds} s at ${connections} connections…`,
    );
    // --profile: V8's sampling profiler in every server of the last round (it costs some throughput; see bench/README.md).
    const profileDir = path.join(root, 'bench-results', 'profiles', scenario.id);
    const profiled = opts.profile && round === rounds;
    if (profiled) fs.rmSync(profileDir, { recursive: true, force: true });
    const nodeArgs = profiled ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const server = await startServer({ ...scenario, nodeArgs });
    const measured = {};
    try {
      if (warmupSeconds > 0)
        await load({ url: server.url, connections, durationSeconds: warmupSeconds, request: scenario.request });
      const cpuBefore = cpuSecondsOf(server.pid);
      const diskBefore = diskBytesReadOf(server.pid);
      measured.fromMicros = microsNow();
      const result = summarise(await load({ url: server.url, connections, durationSeconds, request: scenario.request }));
      measured.toMicros = microsNow();
      result.lookupsPerSecond = result.requestsPerSecond * (scenario.batchOf ? BATCH_ITEMS : 1);
      // Server CPU per answered request: steadier than req/s when the load generator shares the machine.
      const cpuMicrosPerRequest = Math.round(((cpuSecondsOf(server.pid) - cpuBefore) * 1e6) / result.total);
      // What the lookups read from disk, not the page cache: where the data set outgrows memory, their main cost.
      const diskKbPerRequest = Number(((diskBytesReadOf(server.pid) - diskBefore) / 1024 / result.total).toFixed(1));
      results[scenario.id] = { label: scenario.label, ...result, cpuMicrosPerRequest, diskKbPerRequest, ...memoryOf(server.pid) };
    } finally {
      await server.stop();
    }
    const profileFile = profiled && newestProfile(profileDir);
    if (profileFile) {
      const summary = summariseProfile(profileFile, measured);
      results[scenario.id].profile = { file: path.relative(root, profileFile), requests: results[scenario.id].total, ...summary };
    }
  }
  roundResults.push(results);
}
const results = combineRounds(roundResults);

// (5) `byline import` of a generated NDJSON file into a fresh embedded store, checking included.
let importResult = null;
if (importArticles > 0) {
  const { importFile, timeImport } = await import('./lib/import-run.mjs');
  const file = await importFile({ articles: importArticles, dir: path.join(root, 'bench-results') });
  log(`(5) byline import: ${importArticles.toLocaleString('en')} articles into a fresh embedded store…`);
  importResult = await timeImport({
    root,
    file,
    articles: importArticles,
    dataDir: path.join(root, 'bench-results', 'import-target'),
  });
}

// Each ratio is the median of its rounds' ratios, each taken between servers measured minutes apart.
const ratioRounds = (a, b) => roundResults.map((r) => Number((r[a].lookupsPerSecond / r[b].lookupsPerSecond).toFixed(3)));
const RATIO_PAIRS = {
  articleToExpress: ['article', 'express'],
  journalistToExpress: ['journalist', 'express'],
  articleToNode: ['article', 'node'],
  journalistToNode: ['journalist', 'node'],
  expressToNode: ['express', 'node'],
  v2ToArticle: ['article-v2', 'article'],
  // Lookups per second of a batch of 100 against single requests per second, measured in the same round.
  articlesBatchToArticle: ['articles-batch', 'article'],
  journalistsBatchToJournalist: ['journalists-batch', 'journalist'],
};
const ratiosByRound = Object.fromEntries(Object.entries(RATIO_PAIRS).map(([name, [a, b]]) => [name, ratioRounds(a, b)]));
const ratios = Object.fromEntries(Object.entries(ratiosByRound).map(([name, values]) => [name, median(values)]));
const atScale = articles >= 10_000_000;
const minRatio = atScale ? 0.8 : 0.9;
const targets = {
  [`(3)/(1) ≥ ${minRatio}`]: ratios.articleToExpress >= minRatio,
  [`(4)/(1) ≥ ${minRatio}`]: ratios.journalistToExpress >= minRatio,
  ...(atScale
    ? {
        '(3) peak RSS < 400 MB': results.article.peakRssMb < 400,
        '(4) peak RSS < 400 MB': results.journalist.peakRssMb < 400,
      }
    : {
        '(3) p99 ≤ 1.5 × (1) p99': results.article.p99Ms <= 1.5 * results.express.p99Ms,
        '(4) p99 ≤ 1.5 × (1) p99': results.journalist.p99Ms <= 1.5 * results.express.p99Ms,
      }),
  // v2 costs no more than 10 % over v1 per request: its rate at least 1/1.1 of v1's.
  '(3b)/(3) ≥ 0.909 (v2 within 10 % of v1)': ratios.v2ToArticle >= 0.909,
  // A batch pays the per-request work once: at 100 items, at least ten times the single requests' lookups/s.
  '(3c)/(3) ≥ 10 (verify_articles ×100, lookups/s against single requests/s)': ratios.articlesBatchToArticle >= 10,
  '(4b)/(4) ≥ 10 (verify_journalists ×100, lookups/s against single requests/s)': ratios.journalistsBatchToJournalist >= 10,
  'no non-2xx answers in (3), (3b), (3c), (4) and (4b)':
    ['article', 'article-v2', 'articles-batch', 'journalist', 'journalists-batch'].reduce(
      (sum, id) => sum + results[id].non2xx,
      0,
    ) === 0,
  ...(importResult ? { '(5) byline import ≥ 50 000 articles/s': importResult.articlesPerSecond >= 50_000 } : {}),
};

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.type()} ${os.release()}`,
  node: process.version,
};
const report = {
  date: new Date().toISOString(),
  machine,
  parameters: {
    articles,
    profiles: dataset.profiles,
    store: opts.store,
    rateLimitCounters: opts.redis ? 'redis' : 'memory',
    webConcurrency: Number(opts['web-concurrency']),
    durationSeconds,
    warmupSeconds,
    rounds,
    connections,
    responseBytes: Buffer.byteLength(JSON.stringify(dataset.sampleAnswer)),
  },
  generation: dataset.generation,
  results,
  rounds: roundResults,
  import: importResult,
  ratios,
  ratiosByRound,
  targets,
};
fs.mkdirSync(path.dirname(opts.out), { recursive: true });
fs.writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);

const pad = (value, width) => String(value).padStart(width);
const lines = [
  '',
  `Byline benchmark — ${articles.toLocaleString('en')} articles, ${opts.store} store, ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}`,
  `${connections} connections, ${durationSeconds} s per server (after ${warmupSeconds} s warm-up) in each of ${rounds} round(s); one in five lookups unknown`,
  ...(rounds > 1 ? ['medians over the rounds; peak RSS is the largest, non-2xx the sum'] : []),
  '',
  `| server                    |    req/s | p50 ms | p99 ms | non-2xx | CPU µs/req | peak RSS MB (per process) |`,
  `|---------------------------|---------:|-------:|-------:|--------:|-----------:|--------------------------:|`,
  ...Object.values(results).map(
    (r) =>
      `| ${r.label.padEnd(25)} | ${pad(r.requestsPerSecond, 8)} | ${pad(r.p50Ms, 6)} | ${pad(r.p99Ms, 6)} | ${pad(r.non2xx, 7)} | ${pad(r.cpuMicrosPerRequest, 10)} | ${pad(r.peakRssMb, 25)} |`,
  ),
  ...Object.entries(RATIO_PAIRS)
    .filter(([, [batch]]) => batch.endsWith('-batch'))
    .map(
      ([name, [batch, single]]) =>
        `batch: ${results[batch].label} ${results[batch].lookupsPerSecond.toLocaleString('en')} lookups/s = ${ratios[name]} × ${results[single].label}'s ${results[single].requestsPerSecond.toLocaleString('en')} req/s`,
    ),
  `read from disk per answered request: ${Object.values(results)
    .map((r) => `${r.label.slice(0, 3)} ${r.diskKbPerRequest} KB`)
    .join(', ')}`,
  '',
  ...(importResult
    ? [
        `(5) byline import: ${importResult.articles.toLocaleString('en')} articles in ${importResult.seconds} s = ${importResult.articlesPerSecond.toLocaleString('en')} articles/s, peak RSS ${importResult.peakRssMb} MB`,
        '',
      ]
    : []),
  ...Object.values(results)
    .filter((r) => r.profile)
    .flatMap(({ label, profile }) => [
      `${label} — main thread's time per answered request, by module (${profile.file}):`,
      ...profile.byModule.map(({ name, share }) => {
        const micros = (share * profile.windowMicros) / profile.requests;
        return `  ${micros.toFixed(1).padStart(6)} µs  ${(share * 100).toFixed(1).padStart(5)}%  ${name}`;
      }),
      '',
    ]),
  `ratios: (3)/(1) = ${ratios.articleToExpress}   (4)/(1) = ${ratios.journalistToExpress}   (3)/(2) = ${ratios.articleToNode}   (1)/(2) = ${ratios.expressToNode}   (3b)/(3) = ${ratios.v2ToArticle}`,
  `batch ratios (lookups/s against single req/s): (3c)/(3) = ${ratios.articlesBatchToArticle}   (4b)/(4) = ${ratios.journalistsBatchToJournalist}`,
  ...(rounds > 1
    ? [
        `  by round: (3)/(1) ${ratiosByRound.articleToExpress.join(', ')}   (4)/(1) ${ratiosByRound.journalistToExpress.join(', ')}   (3c)/(3) ${ratiosByRound.articlesBatchToArticle.join(', ')}   (4b)/(4) ${ratiosByRound.journalistsBatchToJournalist.join(', ')}`,
      ]
    : []),
  ...Object.entries(targets).map(([name, held]) => `  ${held ? 'held  ' : 'MISSED'} ${name}`),
  '',
  `report: ${opts.out}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
