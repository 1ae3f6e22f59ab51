import { HOSTILE_PAGES, cutPoints, realisticArticlePage } from '@byline/test-support';
import { readPageHead } from '../../../src/attribution/page-head';
import { readAuthorMarkup, type AuthorMarkup } from '../../../src/authorship/author-markup';
import { MARKUP_LIMITS } from '../../../src/authorship/markup-limits';
import { relMeLinks } from '../../../src/proofs/rel-me-links';
import { NO_AUTHOR_MARKUP } from './no-author-markup';

const PAGE = 'https://news.example/2026/11/24/story/';

/**
 * Generous on purpose: speed is measured by `npm run bench:hostile-pages` (a 2 MB page in tens of milliseconds),
 * never by a unit test on a shared machine. This bound only catches a reader that went quadratic again (350 000
 * unclosed elements took minutes in the tree-building reader this one replaced).
 */
const FAR_TOO_SLOW_MS = 5_000;

function read<T>(reader: () => T): T {
  const started = performance.now();
  const result = reader();
  expect(performance.now() - started).toBeLessThan(FAR_TOO_SLOW_MS);
  return result;
}

function expectWithinCaps(markup: AuthorMarkup): void {
  expect(markup.people.length).toBeLessThanOrEqual(MARKUP_LIMITS.people);
  for (const person of markup.people) expect(person.urls.length).toBeLessThanOrEqual(MARKUP_LIMITS.links);
  expect(markup.relAuthor.length).toBeLessThanOrEqual(MARKUP_LIMITS.links);
  expect(markup.metaAuthor.length).toBeLessThanOrEqual(MARKUP_LIMITS.links);
  expect(markup.fediverseCreators.length).toBeLessThanOrEqual(MARKUP_LIMITS.links);
  for (const list of [markup.bylineNames, markup.bylineTexts, markup.openGraphAuthors, markup.bylineLinks])
    expect(list.length).toBeLessThanOrEqual(MARKUP_LIMITS.links);
  for (const name of [...markup.bylineNames, ...markup.bylineTexts, ...markup.metaAuthor])
    expect(name.length).toBeLessThanOrEqual(MARKUP_LIMITS.valueChars);
  const links = [markup.relAuthor, markup.openGraphAuthors, markup.bylineLinks, ...markup.people.map((person) => person.urls)];
  for (const link of links.flat()) expect(link).toMatch(/^https?:\/\//);
}

describe('the page readers on pages written to stall them', () => {
  describe.each(HOSTILE_PAGES)('%s', (_name, page) => {
    let html = '';
    beforeAll(() => {
      html = page();
    });
    afterAll(() => {
      html = '';
    });

    it('reads the author markup within its caps, without an error', () => {
      expectWithinCaps(read(() => readAuthorMarkup(html, PAGE)));
    });

    it('reads the rel="me" links and the head without an error', () => {
      const links = read(() => relMeLinks(html, PAGE));
      expect(links.length).toBeLessThanOrEqual(1_000);
      const head = read(() => readPageHead(html));
      expect(head.title.length).toBeLessThanOrEqual(10_000);
    });
  });

  it('stops at the caps on pages that repeat author markup', () => {
    const links = readAuthorMarkup(HOSTILE_PAGES.find(([name]) => name.includes('rel="author" links'))![1](), PAGE);
    expect(links.relAuthor).toHaveLength(MARKUP_LIMITS.links);
    expect(links.relAuthor[0]).toBe('https://news.example/people/0');
    const metas = readAuthorMarkup(HOSTILE_PAGES.find(([name]) => name.includes('metas'))![1](), PAGE);
    expect(metas.metaAuthor).toHaveLength(MARKUP_LIMITS.links);
    expect(metas.fediverseCreators).toHaveLength(MARKUP_LIMITS.links);
    const people = readAuthorMarkup(HOSTILE_PAGES.find(([name]) => name.includes('200 people'))![1](), PAGE);
    expect(people.people).toHaveLength(MARKUP_LIMITS.people);
  });

  it('reads nothing from a comment or a script left open to the end of the page', () => {
    for (const name of ['a comment never closed', 'a script never closed']) {
      const markup = readAuthorMarkup(HOSTILE_PAGES.find(([page]) => page === name)![1](), PAGE);
      expect(markup).toEqual(NO_AUTHOR_MARKUP);
    }
  });
});

describe('a realistic article page, cut anywhere', () => {
  const page = realisticArticlePage();
  const whole = readAuthorMarkup(page, PAGE);
  const wholeRelMe = relMeLinks(page, PAGE);

  it('reads the whole page: markup in scripts, styles and comments is not markup', () => {
    expect(whole).toEqual({
      people: [
        {
          name: 'Aoife Brennan',
          urls: ['https://news.example/people/aoife-brennan', 'https://x.com/AoifeB', 'https://mastodon.ie/@aoife'],
          source: 'json-ld',
        },
      ],
      relAuthor: ['https://news.example/people/aoife-brennan', 'https://byline.example/j/aoife-brennan'],
      metaAuthor: ['Aoife Brennan'],
      bylineNames: [],
      bylineTexts: ['Aoife Brennan', 'By Aoife Brennan,\n24 November'],
      openGraphAuthors: [],
      bylineLinks: ['https://byline.example/j/aoife-brennan'],
      fediverseCreators: ['@aoife@mastodon.ie'],
    });
    expect(wholeRelMe).toEqual(['https://mastodon.ie/@ledger', 'https://x.com/TheLedger']);
    expect(readPageHead(page).title).toBe('Court hears appeal & more | The Ledger');
  });

  it('reads from each of 300 cuts part of what the whole page gives, never an error', () => {
    for (const at of cutPoints(page, 300)) {
      const cut = page.slice(0, at);
      const markup = readAuthorMarkup(cut, PAGE);
      // A tag cut short is left out, never read with half an address.
      expect(whole.people).toEqual(expect.arrayContaining(markup.people));
      expect(whole.relAuthor).toEqual(expect.arrayContaining(markup.relAuthor));
      expect(whole.metaAuthor).toEqual(expect.arrayContaining(markup.metaAuthor));
      expect(whole.fediverseCreators).toEqual(expect.arrayContaining(markup.fediverseCreators));
      // An element cut short gives no text: never half a name.
      expect(whole.bylineTexts).toEqual(expect.arrayContaining(markup.bylineTexts));
      expect(whole.bylineLinks).toEqual(expect.arrayContaining(markup.bylineLinks));
      expect(wholeRelMe).toEqual(expect.arrayContaining(relMeLinks(cut, PAGE)));
      expect(['', 'Court hears appeal']).toContain(readPageHead(cut).meta('og:title'));
    }
  });
});
