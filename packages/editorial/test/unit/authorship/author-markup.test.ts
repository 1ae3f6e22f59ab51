import { readAuthorMarkup } from '../../../src/authorship/author-markup';
import { MARKUP_LIMITS } from '../../../src/authorship/markup-limits';

/** The lists of a page that has none of the forms read in the page's body or in its other meta tags. */
const NO_OTHER_FORMS = { bylineNames: [], bylineTexts: [], openGraphAuthors: [], bylineLinks: [] };

const PAGE = 'https://www.irishtimes.com/news/2026/11/24/story/';

const ldScript = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('readAuthorMarkup', () => {
  it('reads an article author object with url and sameAs, resolving relative addresses', () => {
    const html = page(
      ldScript({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        author: {
          '@type': 'Person',
          name: ' Aoife Brennan ',
          url: '/authors/aoife-brennan',
          sameAs: ['https://x.com/AoifeB', 'mailto:aoife@example.com', 'https://byline.example/p/aoife-brennan'],
        },
      }),
    );
    expect(readAuthorMarkup(html, PAGE)).toEqual({
      people: [
        {
          name: 'Aoife Brennan',
          urls: [
            'https://www.irishtimes.com/authors/aoife-brennan',
            'https://x.com/AoifeB',
            'https://byline.example/p/aoife-brennan',
          ],
          source: 'json-ld',
        },
      ],
      relAuthor: [],
      metaAuthor: [],
      fediverseCreators: [],
      ...NO_OTHER_FORMS,
    });
  });

  it('reads authors given as a name, a list, an Organization, and sameAs as a single string', () => {
    const html = page(
      ldScript([
        { '@type': 'BlogPosting', author: 'Seán Ó Riada' },
        {
          '@type': 'Article',
          author: [
            { '@type': 'Person', givenName: 'Aoife', familyName: 'Brennan', sameAs: 'https://aoifebrennan.ie' },
            { '@type': 'Organization', name: 'The Irish Times' },
          ],
        },
      ]),
    );
    expect(readAuthorMarkup(html, PAGE).people).toEqual([
      { name: 'Seán Ó Riada', urls: [], source: 'json-ld' },
      { name: 'Aoife Brennan', urls: ['https://aoifebrennan.ie/'], source: 'json-ld' },
      { name: 'The Irish Times', urls: [], source: 'json-ld' },
    ]);
  });

  it('resolves an author @id reference against the nodes of @graph', () => {
    const html = page(
      ldScript({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', '@id': `${PAGE}#webpage`, url: PAGE },
          { '@type': 'Article', '@id': `${PAGE}#article`, author: { '@id': 'https://www.irishtimes.com/#/schema/person/1' } },
          {
            '@type': 'Person',
            '@id': 'https://www.irishtimes.com/#/schema/person/1',
            name: 'Aoife Brennan',
            sameAs: ['https://byline.example/p/aoife-brennan'],
          },
        ],
      }),
    );
    expect(readAuthorMarkup(html, PAGE).people).toEqual([
      { name: 'Aoife Brennan', urls: ['https://byline.example/p/aoife-brennan'], source: 'json-ld' },
    ]);
  });

  it('skips a broken JSON-LD block and still reads the next one', () => {
    const html = page(
      `<script type="application/ld+json">{"@type": "NewsArticle", "author": {"name": "Broken",</script>` +
        ldScript({ '@type': 'NewsArticle', author: { name: 'Aoife Brennan' } }),
    );
    expect(readAuthorMarkup(html, PAGE).people).toEqual([{ name: 'Aoife Brennan', urls: [], source: 'json-ld' }]);
  });

  it('reads rel="author" links from <a> and <link>, relative hrefs resolved against <base>', () => {
    const html = page(
      '<base href="https://www.irishtimes.com/people/"><link rel="Author" href="aoife-brennan">',
      '<a rel="nofollow author" href="https://byline.example/p/aoife-brennan">Aoife</a>' +
        '<a rel="me" href="https://x.com/other">not an author link</a>' +
        '<a rel="author" href="javascript:alert(1)">bad</a><a rel="author">no href</a>',
    );
    expect(readAuthorMarkup(html, PAGE).relAuthor).toEqual([
      'https://www.irishtimes.com/people/aoife-brennan',
      'https://byline.example/p/aoife-brennan',
    ]);
  });

  it('reads meta author names and normalises fediverse:creator accounts', () => {
    const html = page(
      '<meta name="author" content=" Aoife Brennan "><meta name="author" content="">' +
        '<meta name="fediverse:creator" content="@Aoife@Mastodon.IE">' +
        '<meta property="fediverse:creator" content="other@social.example">' +
        '<meta name="fediverse:creator" content="https://mastodon.ie/@aoife">',
    );
    expect(readAuthorMarkup(html, PAGE)).toEqual({
      people: [],
      relAuthor: [],
      metaAuthor: ['Aoife Brennan'],
      fediverseCreators: ['@Aoife@mastodon.ie', '@other@social.example'],
      ...NO_OTHER_FORMS,
    });
  });

  it('answers empty markup for a page without any', () => {
    expect(readAuthorMarkup(page('<title>Story</title>', '<p>By Aoife Brennan</p>'), PAGE)).toEqual({
      people: [],
      relAuthor: [],
      metaAuthor: [],
      fediverseCreators: [],
      ...NO_OTHER_FORMS,
    });
  });

  describe('limits, so that a hostile page cannot make the check slow', () => {
    it('reads at most 50 people and at most 50 links per person', () => {
      const authors = Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}` }));
      const sameAs = Array.from({ length: 200 }, (_, i) => `https://example.com/${i}`);
      const html = page(ldScript({ '@type': 'Article', author: [{ name: 'First', sameAs }, ...authors] }));
      const { people } = readAuthorMarkup(html, PAGE);
      expect(MARKUP_LIMITS.people).toBe(50);
      expect(MARKUP_LIMITS.links).toBe(50);
      expect(people).toHaveLength(50);
      expect(people[0]!.urls).toEqual(sameAs.slice(0, 50));
      expect(people[49]).toEqual({ name: 'Person 48', urls: [], source: 'json-ld' });
    });

    it('reads at most 50 rel="author" links, author names and fediverse creators', () => {
      const links = Array.from({ length: 120 }, (_, i) => `<a rel="author" href="/a/${i}">a</a>`).join('');
      const metas = Array.from({ length: 120 }, (_, i) => `<meta name="author" content="Name ${i}">`).join('');
      const creators = Array.from({ length: 120 }, (_, i) => `<meta name="fediverse:creator" content="@u${i}@h.example">`);
      const markup = readAuthorMarkup(page(metas + creators.join(''), links), PAGE);
      expect(markup.relAuthor).toHaveLength(50);
      expect(markup.relAuthor[49]).toBe('https://www.irishtimes.com/a/49');
      expect(markup.metaAuthor).toHaveLength(50);
      expect(markup.metaAuthor[49]).toBe('Name 49');
      expect(markup.fediverseCreators).toHaveLength(50);
      expect(markup.fediverseCreators[49]).toBe('@u49@h.example');
    });

    it('reads at most 20 JSON-LD blocks and skips a block over the size limit', () => {
      const big = ldScript({ '@type': 'Article', author: 'Too Big', padding: 'x'.repeat(MARKUP_LIMITS.jsonLdBlockChars) });
      const blocks = Array.from({ length: 30 }, (_, i) => ldScript({ '@type': 'Article', author: `Author ${i}` }));
      const { people } = readAuthorMarkup(page(big + blocks.join('')), PAGE);
      expect(people.map((person) => person.name)).toEqual(Array.from({ length: 19 }, (_, i) => `Author ${i}`));
    });

    it('does not follow JSON-LD nesting past the depth limit', () => {
      // Written out by hand: JSON.stringify itself would overflow the stack on this.
      const deep = `${'{"child":'.repeat(5_000)}{"@type":"Article","author":"Deep Down"}${'}'.repeat(5_000)}`;
      const html = page(
        `<script type="application/ld+json">${deep}</script>` + ldScript({ '@type': 'Article', author: 'Shallow' }),
      );
      expect(readAuthorMarkup(html, PAGE).people).toEqual([{ name: 'Shallow', urls: [], source: 'json-ld' }]);
    });

    it('does not unwrap a name nested deeper than a list of @value objects', () => {
      const deepName = `${'['.repeat(100_000)}"Deep"${']'.repeat(100_000)}`;
      const html = page(
        `<script type="application/ld+json">{"@type":"Article","author":[{"name":${deepName},"url":"/a"},{"name":[{"@value":"Aoife Brennan"}]}]}</script>`,
      );
      expect(readAuthorMarkup(html, PAGE).people).toEqual([
        { urls: ['https://www.irishtimes.com/a'], source: 'json-ld' },
        { name: 'Aoife Brennan', urls: [], source: 'json-ld' },
      ]);
    });
  });
});
