// node metascraper-authors.mjs CORPUS_DIR PAGE_URL: prints {page: author} as JSON, metascraper-author's answer for each
// page of the corpus (bylines.json names them). Run by readability-corpus.test.ts in a Node process of its own:
// metascraper's dependencies (jsdom's among them) are ES modules that jest's CommonJS runtime cannot load, and Node
// loads them as they are.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const metascraper = require('metascraper');
const metascraperAuthor = require('metascraper-author');

const [corpus, url] = process.argv.slice(2);
const scrape = metascraper([metascraperAuthor()]);
const pages = Object.keys(JSON.parse(readFileSync(path.join(corpus, 'bylines.json'), 'utf8')));
const authors = {};
for (const page of pages) {
  const html = gunzipSync(readFileSync(path.join(corpus, `${page}.html.gz`))).toString('utf8');
  authors[page] = (await scrape({ html, url })).author ?? null;
}
process.stdout.write(JSON.stringify(authors));
