#!/usr/bin/env node
// npm run bench:warm -- [--articles 10000000]
// Reads once what the embedded store's lookups read in the bench's data set (bench-results/data-embedded-N): the
// articles_lookup index, the three answer tables, the handles and the claims' lookup indexes. A service that has run a
// while holds these in the page cache; right after the data set is generated, or after
// `sync; echo 3 > /proc/sys/vm/drop_caches`, it does not. docs/performance.md's "warm" ten-million figures are
// `npm run bench:warm -- --articles 10000000`, then `npm run bench -- --articles 10000000 --import-articles 0`.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before anything native
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { articlesOption, root } from './lib/setup.mjs';

const { values: opts } = parseArgs({ options: { articles: { type: 'string', default: '100000' } } });
const file = path.join(root, 'bench-results', `data-embedded-${articlesOption(opts.articles)}`, 'byline.sqlite');
if (!fs.existsSync(file)) {
  console.error(`No data set at ${path.relative(root, file)}: npm run bench -- --articles ${opts.articles} makes it.`);
  process.exit(1);
}

/** Each read walks one index or table whole; the partial indexes are named with the condition that makes them usable. */
const READS = [
  ["the articles' lookup index", "SELECT count(*) FROM articles INDEXED BY articles_lookup WHERE canonical_url > ''"],
  ['the v1 answers', 'SELECT sum(length(json)) FROM article_answers'],
  ['the v2 answers', 'SELECT sum(length(json)) FROM article_v2_answers'],
  ['the journalist answers', 'SELECT sum(length(json)) + sum(length(handles)) FROM journalist_answers'],
  ['the handles', "SELECT count(*) FROM social_handles WHERE social_type > ''"],
  ['the claims by key', "SELECT count(*) FROM claims INDEXED BY claims_by_key WHERE kind > '' AND released_at IS NULL"],
  [
    'the claims by value',
    "SELECT count(*) FROM claims INDEXED BY claims_by_value WHERE kind > '' AND released_at IS NULL AND state = 'proven'",
  ],
];

const db = new Database(file, { readonly: true, fileMustExist: true });
try {
  const started = Date.now();
  for (const [what, sql] of READS) {
    const at = Date.now();
    db.prepare(sql).pluck().get();
    console.log(`read ${what} in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
  console.log(`warmed ${path.relative(root, file)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  db.close();
}
