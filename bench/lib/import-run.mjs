// Times `byline import` of a generated NDJSON file into a fresh embedded store, as a user would run it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { ARTICLES_PER_PROFILE, profileRecord } from './dataset.mjs';

/** Writes (or reuses) an NDJSON import file of `articles` articles, 10 per profile, like the bench data set. */
export async function importFile({ articles, dir }) {
  const file = path.join(dir, `import-${articles}.ndjson`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  for (let p = 0; p * ARTICLES_PER_PROFILE < articles; p++) {
    const count = Math.min(ARTICLES_PER_PROFILE, articles - p * ARTICLES_PER_PROFILE);
    if (!out.write(`${JSON.stringify(profileRecord(p, count))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  fs.renameSync(partial, file);
  return file;
}

/**
 * Runs `byline import FILE` into `dataDir` in its own process, as a user would (`nodeArgs` before the
 * script, `env` beside PATH and BYLINE_DATA_DIR); rejects with the end of its stderr if it fails.
 */
export async function runImport({ root, file, dataDir, nodeArgs = [], env = {} }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'packages/cli/bin/byline.js'), 'import', file], {
    env: { PATH: process.env.PATH, BYLINE_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`byline import exited with ${code}:\n${stderr}`);
}

/** Runs `byline import FILE` with BYLINE_DATA_DIR in a fresh directory; returns the wall time and peak RSS. */
export async function timeImport({ root, file, articles, dataDir }) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const maxRssFile = path.join(path.dirname(dataDir), 'import-max-rss');
  const preload = path.join(root, 'bench/lib/report-max-rss.mjs');
  let seconds;
  try {
    await runImport({ root, file, dataDir, nodeArgs: ['--import', preload], env: { BENCH_MAX_RSS_FILE: maxRssFile } });
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const peakRssMb = Math.round(Number(fs.readFileSync(maxRssFile, 'utf8')) / 1024);
  fs.rmSync(maxRssFile);
  return { articles, seconds: Number(seconds.toFixed(2)), articlesPerSecond: Math.round(articles / seconds), peakRssMb };
}
