import { readAuthorMarkup, type AuthorMarkup } from '../../../src/authorship/author-markup';
import { NO_AUTHOR_MARKUP as EMPTY } from './no-author-markup';

const PAGE = 'https://news.example/2026/11/24/story/';

const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

/** Each form as sites write it, and everything the reader finds on a page that has only that form. */
const FORMS: [form: string, html: string, found: Partial<AuthorMarkup>][] = [
  [
    'JSON-LD creator, on an item without author',
    page(ld({ '@type': 'Article', creator: ['Jane Doe', { '@type': 'Person', name: 'John Roe', url: '/people/john' }] })),
    {
      people: [
        { name: 'Jane Doe', urls: [], source: 'json-ld' },
        { name: 'John Roe', urls: ['https://news.example/people/john'], source: 'json-ld' },
      ],
    },
  ],
  [
    'JSON-LD author beside a creator: the author counts, and an image’s creator (its photographer) never',
    page(
      ld({
        '@type': 'NewsArticle',
        author: { name: 'Jane Doe' },
        creator: 'Desk',
        image: { '@type': 'ImageObject', creator: { name: 'A Photographer' } },
      }),
    ),
    { people: [{ name: 'Jane Doe', urls: [], source: 'json-ld' }] },
  ],
  [
    'JSON-LD author as a named @id reference, as Yoast writes it: the Person’s url and sameAs kept',
    page(
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Article', author: { name: 'Jane Doe', '@id': 'https://news.example/#/schema/person/1' } },
          {
            '@type': 'Person',
            '@id': 'https://news.example/#/schema/person/1',
            name: 'Jane Doe',
            url: 'https://news.example/author/jane-doe/',
            sameAs: ['https://x.com/janedoe'],
          },
        ],
      }),
    ),
    {
      people: [{ name: 'Jane Doe', urls: ['https://news.example/author/jane-doe/', 'https://x.com/janedoe'], source: 'json-ld' }],
    },
  ],
  [
    'microdata author card with nested name and url',
    page(
      '',
      '<span itemprop="author" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="/author/jane-doe">' +
        '<span itemprop="name">Jane Doe</span></a><link itemprop="sameAs" href="https://x.com/janedoe"></span>',
    ),
    {
      people: [
        {
          name: 'Jane Doe',
          urls: ['https://news.example/author/jane-doe', 'https://x.com/janedoe'],
          source: 'microdata',
        },
      ],
    },
  ],
  [
    'microdata author on a link, and on <meta>',
    page('', '<a itemprop="author" href="/author/jane-doe">Jane Doe</a><meta itemprop="author" content="John Roe">'),
    {
      people: [
        { name: 'Jane Doe', urls: ['https://news.example/author/jane-doe'], source: 'microdata' },
        { name: 'John Roe', urls: [], source: 'microdata' },
      ],
    },
  ],
  [
    'microdata author as text, itemprop a full schema.org address',
    page('', '<p>By <span itemprop="http://schema.org/author">Jane Doe</span></p>'),
    { people: [{ name: 'Jane Doe', urls: [], source: 'microdata' }] },
  ],
  [
    'RDFa author with href, resource and content (the text of an element that is no card is its name)',
    page(
      '',
      '<a property="schema:author" href="/author/jane-doe">Jane Doe</a>' +
        '<span property="author" resource="https://x.com/johnroe">John Roe</span>' +
        '<span property="dc:creator" content="Ann Other"></span>',
    ),
    {
      people: [
        { name: 'Jane Doe', urls: ['https://news.example/author/jane-doe'], source: 'rdfa' },
        { name: 'John Roe', urls: ['https://x.com/johnroe'], source: 'rdfa' },
        { name: 'Ann Other', urls: [], source: 'rdfa' },
      ],
    },
  ],
  [
    'RDFa author card with typeof and nested name and url',
    page(
      '',
      '<div property="schema:author" typeof="Person"><span property="schema:name">Jane Doe</span>' +
        '<a property="schema:url" href="/author/jane-doe">profile</a></div>',
    ),
    { people: [{ name: 'Jane Doe', urls: ['https://news.example/author/jane-doe'], source: 'rdfa' }] },
  ],
  [
    'Open Graph article:author: an address is a link, a name is a name',
    page(
      '<meta property="article:author" content="https://www.facebook.com/janedoe">' +
        '<meta property="article:author" content="John Roe">',
    ),
    { openGraphAuthors: ['https://www.facebook.com/janedoe'], bylineNames: ['John Roe'] },
  ],
  ['meta author', page('<meta name="author" content="Jane Doe">'), { metaAuthor: ['Jane Doe'] }],
  [
    'parsely-author and the parsely-page JSON',
    page(
      '<meta name="parsely-author" content="Jane Doe">' +
        `<meta name="parsely-page" content='{"title": "Story", "author": "John Roe", "link": "/x"}'>`,
    ),
    { bylineNames: ['Jane Doe', 'John Roe'] },
  ],
  ['sailthru.author', page('<meta name="sailthru.author" content="Jane Doe">'), { bylineNames: ['Jane Doe'] }],
  [
    'dc.creator in both cases, and DC as an RDFa property of several',
    page(
      '<meta name="DC.creator" content="Jane Doe"><meta name="dc.creator" content="John Roe">' +
        '<meta property="dc:creator twitter:site_name" content="Ann Other">',
    ),
    { bylineNames: ['Jane Doe', 'John Roe', 'Ann Other'] },
  ],
  ['the NYT byl meta', page('<meta name="byl" content="By Jane Doe">'), { bylineNames: ['By Jane Doe'] }],
  [
    'an hCard of an author (hAtom’s "author vcard"), with fn and url; classed "author", it is a byline too',
    page('', '<span class="author vcard"><a class="url fn n" href="/author/jane-doe/">Jane Doe</a></span>'),
    {
      people: [{ name: 'Jane Doe', urls: ['https://news.example/author/jane-doe/'], source: 'hcard' }],
      bylineTexts: ['Jane Doe'],
      bylineLinks: ['https://news.example/author/jane-doe/'],
    },
  ],
  [
    'a microformats2 h-card author, its own text its name',
    page('', '<a class="p-author h-card" href="https://janedoe.example">Jane Doe</a>'),
    {
      people: [{ name: 'Jane Doe', urls: ['https://janedoe.example/'], source: 'hcard' }],
      bylineTexts: ['Jane Doe'],
      bylineLinks: ['https://janedoe.example/'],
    },
  ],
  [
    'an hCard that is no author’s (a site’s contact card) is not read',
    page('', '<footer><div class="vcard"><span class="fn">The Ledger</span><a class="url" href="/">home</a></div></footer>'),
    {},
  ],
  [
    'a byline element with the links inside it',
    page(
      '',
      '<div class="c-byline">By <a href="/author/jane-doe">Jane Doe</a> and <a href="https://x.com/johnroe">John Roe</a>' +
        '<br><time>March 3, 2025</time><a href="#comments">12 comments</a></div>',
    ),
    {
      bylineTexts: ['By Jane Doe and John Roe\nMarch 3, 2025\n12 comments'],
      bylineLinks: ['https://news.example/author/jane-doe', 'https://x.com/johnroe'],
    },
  ],
  [
    'author classes: author-name, article-author, c-byline__author',
    page(
      '',
      '<span class="author-name">Jane Doe</span><div class="article-author"><a href="/author/john-roe">John Roe</a></div>' +
        '<p class="c-byline__author">Ann Other</p>',
    ),
    { bylineTexts: ['Jane Doe', 'John Roe', 'Ann Other'], bylineLinks: ['https://news.example/author/john-roe'] },
  ],
  [
    'a rel="author" link: its address, and its text as a byline',
    page('', '<a rel="author" href="/author/jane-doe">Jane Doe</a>'),
    { relAuthor: ['https://news.example/author/jane-doe'], bylineTexts: ['Jane Doe'] },
  ],
  [
    'fediverse:creator, several',
    page(
      '<meta name="fediverse:creator" content="@jane@mastodon.example"><meta name="fediverse:creator" content="@john@social.example">',
    ),
    { fediverseCreators: ['@jane@mastodon.example', '@john@social.example'] },
  ],
  [
    'nothing inside comments: their authors are commenters',
    page(
      '',
      '<ol class="comment-list"><li class="comment"><div class="comment-author vcard"><cite class="fn">' +
        '<a href="https://commenter.example" class="url">A Commenter</a></cite></div>' +
        '<span class="author">Not the writer</span><p>Nice piece.</p></li></ol>',
    ),
    {},
  ],
  [
    'not the page’s frame: WordPress classes the body of an author archive "author"',
    page('', '').replace('<body>', '<body class="archive author author-jane-doe">') + '<a href="/about">About</a>',
    {},
  ],
];

describe('readAuthorMarkup: every common author form', () => {
  it.each(FORMS)('%s', (_form, html, found) => {
    expect(readAuthorMarkup(html, PAGE)).toEqual({ ...EMPTY, ...found });
  });

  it('reads the text of each byline element, nested ones too, once', () => {
    const html = page(
      '',
      '<div class="byline"><div class="byline__authors">By <span class="author-name">Jane Doe</span></div>' +
        '<div class="byline__date">March 3</div></div>',
    );
    expect(readAuthorMarkup(html, PAGE).bylineTexts).toEqual(['Jane Doe', 'By Jane Doe', 'March 3', 'By Jane Doe\nMarch 3']);
  });

  it('ends a byline never closed where an element around it closes', () => {
    const html = page('', '<div><span class="byline">By Jane Doe</div><p><a href="/elsewhere">not the byline</a></p>');
    expect(readAuthorMarkup(html, PAGE)).toEqual({ ...EMPTY, bylineTexts: ['By Jane Doe'] });
  });

  it('reads no name from a byline element longer than a byline, but its links within the limit', () => {
    const html = page('', `<div class="author-box"><a href="/author/jane-doe">Jane</a> ${'Bio. '.repeat(100)}</div>`);
    expect(readAuthorMarkup(html, PAGE)).toEqual({ ...EMPTY, bylineLinks: ['https://news.example/author/jane-doe'] });
  });

  it('leaves out script and style content of a byline element', () => {
    const html = page('', '<p class="byline">By <script>var a = "x";</script><style>p{}</style>Jane Doe</p>');
    expect(readAuthorMarkup(html, PAGE).bylineTexts).toEqual(['By Jane Doe']);
  });
});
