import { seededRandom } from './seeded-random';
/**
 * Pages written to crash or stall a page reader (author markup, rel="me" links, article metadata), up to the page
 * fetcher's 2 MB cap and past it: the shapes that made a tree-building reader overflow its stack or take quadratic
 * time. Each is built when asked, as most are megabytes.
 */
export const HOSTILE_PAGES: ReadonlyArray<readonly [name: string, page: () => string]> = [
  ['nesting 100 000 deep, closed', () => '<div>'.repeat(100_000) + '</div>'.repeat(100_000)],
  ['nesting 100 000 deep, never closed', () => '<div><span>'.repeat(50_000) + 'text'],
  ['350 000 unclosed elements (2 MB)', () => '<span>'.repeat(350_000)],
  ['700 000 links without an address (2 MB)', () => '<a>'.repeat(700_000)],
  ['unclosed elements, then as many end tags that close nothing', () => '<span>'.repeat(175_000) + '</div>'.repeat(175_000)],
  ['unclosed svg and math (foreign content)', () => '<svg><math>'.repeat(100_000)],
  ['"self-closed" script and title, 2 MB', () => '<script/><title/>'.repeat(120_000)],
  ['5 MB of rel="author" links', () => relLinks('author', 5 * 1024 * 1024)],
  ['2 MB of rel="me" links', () => relLinks('me', 2 * 1024 * 1024)],
  ['rel="author" links that are no address', () => '<a rel="author" href="http://[bad">x</a>'.repeat(50_000)],
  ['10 000 author and fediverse:creator metas', () => metas(10_000)],
  ['one start tag with 2 MB of attributes', () => `<a rel="author" ${'x=y '.repeat(500_000)}href="/a">`],
  ['2 MB of character references in a title', () => `<title>${'&amp;&#x1F600;&#99999999;'.repeat(80_000)}</title>`],
  ['a comment never closed', () => `<!--${'<a rel="author" href="/hidden">'.repeat(60_000)}`],
  ['a script never closed', () => `<script type="application/ld+json">${'{"author":"x",'.repeat(150_000)}`],
  [
    '8 JSON-LD blocks nested 20 000 deep',
    () => jsonLdBlock(`${'{"author":['.repeat(20_000)}"x"${']}'.repeat(20_000)}`).repeat(8),
  ],
  [
    'a JSON-LD name nested 100 000 deep',
    () => jsonLdBlock(`{"author":{"name":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}}`),
  ],
  ['30 JSON-LD blocks of 200 people each', () => jsonLdBlock(JSON.stringify({ author: people(200) })).repeat(30)],
  // The forms read in the page's body, whose text is read too: bylines, author cards, comments.
  ['byline elements nested 100 000 deep, closed', () => '<div class="byline">'.repeat(100_000) + '</div>'.repeat(100_000)],
  ['100 000 unclosed byline elements, each with a link', () => '<span class="author-name"><a href="/a">x</a>'.repeat(100_000)],
  ['a byline never closed, then 2 MB of links', () => `<p class="byline">By ${'<a href="/people/x">Writer</a> '.repeat(60_000)}`],
  [
    '50 000 microdata author cards, never closed',
    () => '<div itemprop="author" itemscope><span itemprop="name">Jane Doe</span><a itemprop="url" href="/a">'.repeat(50_000),
  ],
  ['50 000 author hCards', () => '<span class="author vcard"><a class="url fn" href="/a/x">Jane Doe</a></span>'.repeat(50_000)],
  ['comments nested 100 000 deep, never closed', () => '<div class="comment"><span class="author">x</span>'.repeat(100_000)],
  ['2 MB of text in one byline', () => `<div class="byline">${'Jane Doe and '.repeat(160_000)}</div>`],
  ['10 000 parsely-page metas', () => `<meta name="parsely-page" content='{"author": ["Jane Doe", "John Roe"]}'>`.repeat(10_000)],
];

/** An article page as sites write it, with every kind of author markup, to cut at random places. */
export function realisticArticlePage(): string {
  const person = {
    '@type': 'Person',
    '@id': 'https://news.example/#/person/aoife',
    name: 'Aoife Brennan',
    url: '/people/aoife-brennan',
    sameAs: ['https://x.com/AoifeB', 'https://mastodon.ie/@aoife'],
  };
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'NewsArticle', headline: 'Court hears appeal', author: { '@id': person['@id'] }, datePublished: '2026-11-24' },
      person,
    ],
  };
  return `<!doctype html><html lang="en"><head><base href="https://news.example/">
<meta charset="utf-8"><title>Court hears appeal &amp; more | The Ledger</title>
<meta name="author" content="Aoife Brennan"><meta name="fediverse:creator" content="@aoife@mastodon.ie">
<meta property="og:title" content="Court hears appeal"><link rel="icon" href="/favicon.png">
<link rel="author" href="/people/aoife-brennan"><link rel="me" href="https://mastodon.ie/@ledger">
<script>var s = "</scr" + "ipt><a rel=author href=/not-a-link>";</script>
<script type="application/ld+json">${JSON.stringify(graph)}</script>
<style>a[rel~="author"]::after { content: "<a rel=author href=/no>"; }</style>
</head><body><header><svg viewBox="0 0 10 10"><title>Logo</title><path d="M0 0h10v10z"/></svg></header>
<!-- <a rel="author" href="/commented-out"> -->
<article><h1>Court hears appeal</h1><p class="byline">By <a rel="author" href="https://byline.example/j/aoife-brennan">Aoife
Brennan</a>, <time datetime="2026-11-24T09:00:00Z">24 November</time></p>
${'<p>The appeal turns on &ldquo;fair notice&rdquo;, <em>the court heard</em>; <a href="/related">related</a>.</p>\n'.repeat(60)}
</article><footer><a rel="me" href="https://x.com/TheLedger">X</a></footer></body></html>`;
}

/** `count` places to cut `page` at, the same ones every run (a seeded generator), start and end included. */
export function cutPoints(page: string, count: number, seed = 38): number[] {
  const random = seededRandom(seed);
  return [0, page.length, ...Array.from({ length: count - 2 }, () => random.int(page.length))];
}

const relLinks = (rel: string, bytes: number): string => {
  const parts: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const link = `<a rel="${rel}" href="https://news.example/people/${i}">Writer ${i}</a>`;
    parts.push(link);
    size += link.length;
  }
  return parts.join('');
};

const metas = (count: number): string =>
  Array.from(
    { length: count },
    (_, i) => `<meta name="author" content="Name ${i}"><meta name="fediverse:creator" content="@u${i}@h.example">`,
  ).join('');

const jsonLdBlock = (json: string) => `<script type="application/ld+json">${json}</script>`;

const people = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ '@type': 'Person', name: `Person ${i}`, sameAs: [`https://x.com/p${i}`] }));
