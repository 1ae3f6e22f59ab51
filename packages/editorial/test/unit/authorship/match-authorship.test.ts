import { readAuthorMarkup, type AuthorMarkup } from '../../../src/authorship/author-markup';
import {
  authorPagesOf,
  matchAuthorship,
  withOwnNamesOnly,
  type AuthorshipSubject,
} from '../../../src/authorship/match-authorship';

const PUBLIC_PAGE = 'https://byline.example/p/aoife-brennan';
const PAGE = 'https://www.irishtimes.com/news/2026/11/24/story/';
const OTHER_SITE_PAGE = 'https://blog.somewhere.net/2026/11/repost/';

/** Aoife has proven her X account and her site; her Instagram handle is only claimed, so it is not passed. */
const subject: AuthorshipSubject = {
  publicPageUrl: PUBLIC_PAGE,
  names: ['Aoife Brennan'],
  provenAccounts: [
    { type: 'twitter', handle: 'AoifeB' },
    { type: 'linkedin', handle: 'aoife-brennan-1a2b3c' },
  ],
  provenSites: ['https://aoifebrennan.ie/'],
  provenFediverse: ['@aoife@mastodon.ie'],
  allowedDomains: ['irishtimes.com'],
};

const ldScript = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const article = (author: unknown) => page(ldScript({ '@context': 'https://schema.org', '@type': 'NewsArticle', author }));
const match = (html: string, pageUrl = PAGE) => matchAuthorship(readAuthorMarkup(html, pageUrl), subject, pageUrl);

describe('matchAuthorship', () => {
  it('attests a JSON-LD author.url to the public page (scheme, host case and a trailing slash ignored)', () => {
    expect(match(article({ '@type': 'Person', name: 'A. Brennan', url: 'http://BYLINE.example/p/aoife-brennan/' }))).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'http://byline.example/p/aoife-brennan/', matches: 'public-page', position: 0 },
    });
  });

  it('attests a sameAs to a proven network account, whatever the network address form and case', () => {
    const author = { name: 'Aoife Brennan', sameAs: ['https://www.instagram.com/aoife.b', 'https://twitter.com/aoifeb'] };
    expect(match(article(author))).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'https://twitter.com/aoifeb', matches: 'account', position: 1 },
    });
    expect(match(article({ sameAs: 'https://x.com/AoifeB' }))).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'https://x.com/AoifeB', matches: 'account', position: 0 },
    });
    expect(match(article({ sameAs: 'https://ie.linkedin.com/in/aoife-brennan-1a2b3c/' }))).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'https://ie.linkedin.com/in/aoife-brennan-1a2b3c/', matches: 'account', position: 0 },
    });
  });

  it('does not count a sameAs to an account that is not proven (claimed only), nor a network page that names no account', () => {
    const author = {
      name: 'Aoife Brennan',
      sameAs: ['https://www.instagram.com/aoife.b', 'https://x.com/home', 'https://x.com/'],
    };
    expect(match(article(author))).toEqual({ outcome: 'mention', reason: 'name-only', detail: 'Aoife Brennan' });
    expect(match(article({ sameAs: 'https://www.instagram.com/aoife.b' }))).toEqual({
      outcome: 'none',
      reason: 'credits-someone-else',
    });
  });

  it('attests a link to a proven site', () => {
    expect(match(article({ name: 'Aoife', url: 'https://AoifeBrennan.ie' }))).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'https://aoifebrennan.ie/', matches: 'site', position: 0 },
    });
  });

  it('attests an author found through an @id reference into @graph', () => {
    const html = page(
      ldScript({
        '@graph': [
          { '@type': 'Article', '@id': `${PAGE}#article`, author: { '@id': 'https://www.irishtimes.com/#person/42' } },
          { '@type': 'Person', '@id': 'https://www.irishtimes.com/#person/42', name: 'Aoife Brennan', sameAs: [PUBLIC_PAGE] },
        ],
      }),
    );
    expect(match(html)).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: PUBLIC_PAGE, matches: 'public-page', position: 0 },
    });
  });

  it('attests a rel="author" link with a relative href resolved against <base>', () => {
    const html = page('<base href="https://byline.example/p/">', '<a rel="author" href="aoife-brennan">Aoife Brennan</a>');
    expect(match(html)).toEqual({
      outcome: 'attested',
      matched: { source: 'rel-author', value: PUBLIC_PAGE, matches: 'public-page', position: 0 },
    });
  });

  it('prefers JSON-LD over rel="author" over fediverse:creator when several match', () => {
    const html = page(
      '<meta name="fediverse:creator" content="@aoife@mastodon.ie">' +
        ldScript({ '@type': 'Article', author: { url: 'https://x.com/aoifeb' } }),
      `<a rel="author" href="${PUBLIC_PAGE}">Aoife</a>`,
    );
    expect(match(html)).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: 'https://x.com/aoifeb', matches: 'account', position: 0 },
    });
  });

  it('answers a meta author name alone as a mention, never proof', () => {
    expect(match(page('<meta name="author" content="By  AOIFE   Brénnan">'))).toEqual({
      outcome: 'mention',
      reason: 'name-only',
      detail: 'By  AOIFE   Brénnan',
    });
    expect(match(page('<meta name="author" content="Seán Ó Riada and Aoife Brennan">'))).toEqual({
      outcome: 'mention',
      reason: 'name-only',
      detail: 'Seán Ó Riada and Aoife Brennan',
    });
  });

  it('attests fediverse:creator equal to a proven fediverse account on an allowed domain', () => {
    expect(match(page('<meta name="fediverse:creator" content="@Aoife@Mastodon.IE">'))).toEqual({
      outcome: 'attested',
      matched: { source: 'fediverse-creator', value: '@Aoife@mastodon.ie', matches: 'fediverse', position: 0 },
    });
  });

  it('answers the same fediverse:creator on a domain the journalist did not list as a mention', () => {
    expect(match(page('<meta name="fediverse:creator" content="@aoife@mastodon.ie">'), OTHER_SITE_PAGE)).toEqual({
      outcome: 'mention',
      reason: 'domain-not-allowed',
      detail: 'blog.somewhere.net',
    });
  });

  it('answers a link match on a domain not listed as a mention, even with the name', () => {
    expect(match(article({ name: 'Aoife Brennan', url: PUBLIC_PAGE }), 'https://badirishtimes.com/story')).toEqual({
      outcome: 'mention',
      reason: 'domain-not-allowed',
      detail: 'badirishtimes.com',
    });
  });

  it('attests on a subdomain of an allowed domain', () => {
    expect(match(article({ url: PUBLIC_PAGE }), 'https://opinion.news.irishtimes.com/column')).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: PUBLIC_PAGE, matches: 'public-page', position: 0 },
    });
  });

  it('does not take example.com to cover badexample.com', () => {
    const onExample = { ...subject, allowedDomains: ['example.com'] };
    const markup = readAuthorMarkup(article({ url: PUBLIC_PAGE }), 'https://badexample.com/a');
    expect(matchAuthorship(markup, onExample, 'https://badexample.com/a')).toEqual({
      outcome: 'mention',
      reason: 'domain-not-allowed',
      detail: 'badexample.com',
    });
    expect(matchAuthorship(markup, onExample, 'https://example.com/a')).toEqual({
      outcome: 'attested',
      matched: { source: 'json-ld', value: PUBLIC_PAGE, matches: 'public-page', position: 0 },
    });
  });

  it("answers a page that credits another person's profile and accounts as crediting someone else", () => {
    const html = page(
      ldScript({
        '@type': 'NewsArticle',
        author: { name: 'Conor Walsh', url: 'https://byline.example/p/conor-walsh', sameAs: ['https://x.com/ConorW'] },
      }) + '<meta name="author" content="Conor Walsh"><meta name="fediverse:creator" content="@conor@mastodon.ie">',
      '<a rel="author" href="https://byline.example/p/aoife-brennan-2">Conor</a>',
    );
    expect(match(html)).toEqual({ outcome: 'none', reason: 'credits-someone-else' });
  });

  it('does not take a link to the public page with a query, or a longer path, as the public page', () => {
    expect(match(article({ url: `${PUBLIC_PAGE}?ref=x` }))).toEqual({ outcome: 'none', reason: 'credits-someone-else' });
    expect(match(article({ url: `${PUBLIC_PAGE}/articles` }))).toEqual({ outcome: 'none', reason: 'credits-someone-else' });
  });

  it('answers a page without author markup as such', () => {
    expect(match(page('<title>Story</title>', '<p>By Aoife Brennan</p>'))).toEqual({
      outcome: 'none',
      reason: 'no-author-markup',
    });
  });

  it('never counts markup the caller did not pass as proven', () => {
    const empty: AuthorMarkup = {
      people: [],
      relAuthor: [PUBLIC_PAGE],
      metaAuthor: [],
      bylineNames: [],
      bylineTexts: [],
      openGraphAuthors: [],
      bylineLinks: [],
      fediverseCreators: ['@aoife@mastodon.ie'],
    };
    const unproven: AuthorshipSubject = {
      ...subject,
      publicPageUrl: 'https://byline.example/p/someone-else',
      provenAccounts: [],
      provenSites: [],
      provenFediverse: [],
    };
    expect(matchAuthorship(empty, unproven, PAGE)).toEqual({ outcome: 'none', reason: 'credits-someone-else' });
  });
});

describe('matchAuthorship on the other forms', () => {
  it('attests links from microdata, RDFa, hCards, Open Graph and bylines, each named by its source', () => {
    const cases: [string, string, string][] = [
      ['<a itemprop="author" href="https://x.com/AoifeB">Aoife Brennan</a>', 'microdata', 'https://x.com/AoifeB'],
      ['<a property="schema:author" href="https://aoifebrennan.ie/">Aoife</a>', 'rdfa', 'https://aoifebrennan.ie/'],
      [
        '<span class="author vcard"><a class="url fn" href="https://x.com/AoifeB">Aoife</a></span>',
        'hcard',
        'https://x.com/AoifeB',
      ],
      [
        '<div class="byline">By <a href="https://twitter.com/aoifeb">Aoife Brennan</a></div>',
        'byline-link',
        'https://twitter.com/aoifeb',
      ],
    ];
    for (const [body, source, value] of cases) {
      expect(match(page('', body))).toEqual({
        outcome: 'attested',
        matched: { source, value, matches: expect.any(String), position: expect.any(Number) },
      });
    }
    expect(match(page(`<meta property="article:author" content="${PUBLIC_PAGE}">`))).toEqual({
      outcome: 'attested',
      matched: { source: 'open-graph', value: PUBLIC_PAGE, matches: 'public-page', position: 0 },
    });
  });

  it('tries the structured forms before a byline’s links', () => {
    const html = page(
      '',
      `<div class="byline"><a href="${PUBLIC_PAGE}">Aoife</a></div><a itemprop="author" href="https://x.com/AoifeB">Aoife</a>`,
    );
    expect(match(html)).toMatchObject({ outcome: 'attested', matched: { source: 'microdata' } });
  });

  it('takes a name from any form as a mention only, never a desk’s byline', () => {
    for (const html of [
      page('<meta name="parsely-author" content="Aoife Brennan">'),
      page('<meta name="byl" content="By Aoife M. Brennan">'),
      page('', '<p class="byline">By Aoife Brennan<br>March 3, 2026</p>'),
    ]) {
      expect(match(html)).toMatchObject({ outcome: 'mention', reason: 'name-only' });
    }
    expect(match(page('', '<p class="byline">By Irish Times Staff</p>'))).toEqual({
      outcome: 'none',
      reason: 'credits-someone-else',
    });
  });

  it('follows a byline’s link to the site’s own author page, on an allowed domain only', () => {
    const markup = readAuthorMarkup(
      page('', '<div class="byline"><a href="/author/aoife-brennan">Aoife</a> <a href="https://other.example/a">x</a></div>'),
      PAGE,
    );
    expect(authorPagesOf(markup, subject)).toEqual([{ url: 'https://www.irishtimes.com/author/aoife-brennan', position: 0 }]);
  });

  it('keeps only the names the page gives its own writer for a credit by name (staff attribution)', () => {
    const markup = readAuthorMarkup(
      page('<meta name="author" content="Someone Else">', '<aside><p class="byline">By Aoife Brennan</p></aside>'),
      PAGE,
    );
    expect(matchAuthorship(markup, subject, PAGE)).toMatchObject({ outcome: 'mention', reason: 'name-only' });
    expect(matchAuthorship(withOwnNamesOnly(markup), subject, PAGE)).toEqual({
      outcome: 'none',
      reason: 'credits-someone-else',
    });
  });
});
