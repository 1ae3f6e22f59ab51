#!/usr/bin/env node
// npm run bench:hostile-pages -- [--runs 5] [--skip-build]
// How long each page reader takes on pages written to stall it, up to the page fetcher's 2 MB cap (and a 5 MB one
// of rel="author" links): the author markup (readAuthorMarkup), rel="me" links (relMeLinks), the portal's article
// metadata (extractArticleMetadata) and attribution's title and meta (readPageHead). Each page is read --runs times
// in this process; the median is printed, with µs per KB, so that two sizes of one page show whether time grows
// linearly with size (the same µs/KB) or faster. The portal's page check and its form's prefill read on a thread of
// their own (pageReadsThread), the worker on its main thread, where no request waits.
import '../scripts/check-node-line.mjs'; // first: an older Node.js stops here, before the build and anything native
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildUnlessSkipped, root } from './lib/setup.mjs';

process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const runs = Number(opts.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be an integer ≥ 1');

const log = (line) => process.stderr.write(`${line}\n`);
buildUnlessSkipped(opts['skip-build'], log);

const built = (file) => import(pathToFileURL(path.join(root, 'packages', file)).href);
const { readAuthorMarkup } = await built('editorial/dist/authorship/author-markup.js');
const { relMeLinks } = await built('editorial/dist/proofs/rel-me-links.js');
const { readPageHead } = await built('editorial/dist/attribution/page-head.js');
const { extractArticleMetadata } = await built('editorial/dist/html/article-metadata.js');

const PAGE_URL = 'https://news.example/2026/11/24/story/';
const MB = 1024 * 1024;
/** `unit` repeated to fill `bytes`. */
const fill = (unit, bytes) => unit.repeat(Math.floor(bytes / unit.length));
/** `bytes` of links, each to a new address (`href(i)`), so that none is a duplicate to skip. */
const links = (bytes, rel = 'author', href = (i) => `https://news.example/people/${i}`) => {
  const parts = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const link = `<a rel="${rel}" href="${href(i)}">Writer ${i}</a>`;
    parts.push(link);
    size += link.length;
  }
  return parts.join('');
};
const deepJsonLd = (bytes) => {
  const depth = 40_000;
  const block = `<script type="application/ld+json">${'{"author":['.repeat(depth)}"x"${']}'.repeat(depth)}</script>`;
  return block.repeat(Math.max(1, Math.floor(bytes / block.length)));
};
const realistic = `<!doctype html><html><head><title>Court hears appeal &amp; more</title>
<meta name="author" content="Aoife Brennan"><link rel="author" href="/people/aoife-brennan">
<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"Aoife Brennan","url":"/people/aoife"}}</script>
</head><body><article><h1>Court hears appeal</h1>${'<p>Text of the story, <a href="/x">a link</a>, <em>emphasis</em>.</p>'.repeat(200)}</article></body></html>`;

/** The pages, by the shape that stalled or crashed a tree-building reader, each at half and full size. */
const pages = [
  ['realistic article (16 KB)', () => realistic],
  ['nested <div>, closed, depth 100 000', () => '<div>'.repeat(100_000) + '</div>'.repeat(100_000)],
  ['nested bylines, closed, depth 100 000', () => '<div class="byline">'.repeat(100_000) + '</div>'.repeat(100_000)],
  ...[MB, 2 * MB].flatMap((bytes) => [
    [`unclosed <span>, ${bytes / MB} MB`, () => fill('<span>', bytes)],
    [`<a> repeated (the shortest tag read), ${bytes / MB} MB`, () => fill('<a>', bytes)],
    [`<a rel=x href=y> repeated, ${bytes / MB} MB`, () => fill('<a rel=x href=y>', bytes)],
    [`unclosed <span> then stray </div>, ${bytes / MB} MB`, () => fill('<span>', bytes / 2) + fill('</div>', bytes / 2)],
    [`unclosed <svg>, ${bytes / MB} MB`, () => fill('<svg>', bytes)],
    [`<title/> repeated, ${bytes / MB} MB`, () => fill('<title/>', bytes)],
    [`<meta name=author>, ${bytes / MB} MB`, () => fill('<meta name="author" content="Aoife Brennan">', bytes)],
    [`one tag's attributes, ${bytes / MB} MB`, () => `<a ${fill('x=y ', bytes)}>`],
    [`character references in a title, ${bytes / MB} MB`, () => `<title>${fill('&amp;', bytes)}</title>`],
    [`JSON-LD nested 40 000 deep, ${bytes / MB} MB`, () => deepJsonLd(bytes)],
    // The forms read in the page's body, whose text is read as well.
    [`unclosed byline elements with a link, ${bytes / MB} MB`, () => fill('<span class="author-name"><a href="/a">x</a>', bytes)],
    [`a byline never closed, then links, ${bytes / MB} MB`, () => `<p class="byline">${fill('<a href="/p">Writer</a> ', bytes)}`],
    [
      `microdata author cards, unclosed, ${bytes / MB} MB`,
      () => fill('<div itemprop="author" itemscope><b itemprop="name">J</b>', bytes),
    ],
    [`comments nested, unclosed, ${bytes / MB} MB`, () => fill('<div class="comment"><span class="author">x</span>', bytes)],
  ]),
  ['rel="author" links, 5 MB', () => links(5 * MB)],
  ['rel="author" links that are no address, 2 MB', () => links(2 * MB, 'author', (i) => `http://[${i}`)],
  ['rel="me" links, 2 MB', () => links(2 * MB, 'me')],
  ['2 MB of rel="author" links, cut inside a tag', () => links(2 * MB).slice(0, 2 * MB - 17)],
];

const readers = [
  ['readAuthorMarkup', (html) => readAuthorMarkup(html, PAGE_URL)],
  ['relMeLinks', (html) => relMeLinks(html, PAGE_URL)],
  ['extractArticleMetadata', (html) => extractArticleMetadata(html, PAGE_URL)],
  ['readPageHead', (html) => readPageHead(html)],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

console.log(`${pad('page', 52)}${readers.map(([name]) => padStart(name, 24)).join('')}`);
console.log(`${pad('', 52)}${readers.map(() => padStart('ms (µs/KB)', 24)).join('')}`);
let slowest = { ms: 0, what: '' };
for (const [name, make] of pages) {
  const html = make();
  const cells = readers.map(([reader, read]) => {
    const times = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      read(html);
      times.push(performance.now() - started);
    }
    const ms = median(times);
    if (ms > slowest.ms) slowest = { ms, what: `${reader} on ${name}` };
    return padStart(`${ms.toFixed(1)} (${((ms * 1000) / (html.length / 1024)).toFixed(1)})`, 24);
  });
  console.log(`${pad(name, 52)}${cells.join('')}`);
}
console.log(`\nslowest: ${slowest.ms.toFixed(1)} ms (${slowest.what}); median of ${runs} runs, Node ${process.version}`);
