import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { readAuthorMarkup, type AuthorMarkup } from '../../../src/authorship/author-markup';
import { personNamesIn, sameName, type PersonName } from '../../../src/authorship/author-names';

/**
 * The reader on real article pages (test/corpus/readability, see its README): on how many it finds the byline's name,
 * and an author link, compared with metascraper-author (the library most integrators would pick) run on the same
 * pages here, and with the reader this one replaced.
 */

const CORPUS = path.join(__dirname, '../../corpus/readability');

/**
 * The expected metadata gives no page address: metascraper wants one with a real top-level domain, so Readability's
 * own placeholder (fakehost) will not do. example.com is reserved for examples; nothing is fetched.
 */
const PAGE_URL = 'https://www.example.com/test/page.html';

/**
 * What the reader before the forms of the page's body and the other meta tags (JSON-LD `author`, rel="author",
 * meta author and fediverse:creator only) found on this corpus, measured with the same counting as below on
 * 2026-11-29, at commit 4e22489 (the merge of branch names, before this reader). metascraper-author found the name on
 * 52 pages then, as now.
 */
const PREVIOUS_READER = { names: 26, links: 20 };

const bylines: Record<string, string> = JSON.parse(readFileSync(path.join(CORPUS, 'bylines.json'), 'utf8'));
const pageOf = (name: string): string => gunzipSync(readFileSync(path.join(CORPUS, `${name}.html.gz`))).toString('utf8');

/** Whether any person a written byline names is one of the expected people (the name matcher's sameName). */
const namesOneOf = (written: readonly string[], expected: readonly PersonName[]): boolean =>
  written.some((byline) => personNamesIn(byline).some((named) => expected.some((person) => sameName(named, person))));

/** Every name the markup gives, in any form. */
const namesIn = (markup: AuthorMarkup): string[] => [
  ...markup.people.flatMap((person) => (person.name ? [person.name] : [])),
  ...markup.metaAuthor,
  ...markup.bylineNames,
  ...markup.bylineTexts,
];

/** Whether the markup gives any author link (what can prove): fediverse:creator is an account, not a link. */
const hasAuthorLink = (markup: AuthorMarkup): boolean =>
  markup.people.some((person) => person.urls.length > 0) ||
  [markup.relAuthor, markup.openGraphAuthors, markup.bylineLinks].some((links) => links.length > 0);

interface PageResult {
  page: string;
  ours: boolean;
  link: boolean;
  metascraper: boolean;
}

describe('the author markup reader on real article pages (Mozilla Readability test pages)', () => {
  const results: PageResult[] = [];

  beforeAll(async () => {
    const script = path.join(CORPUS, '../metascraper-authors.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, CORPUS, PAGE_URL], { maxBuffer: 1 << 20 });
    const authors: Record<string, string | null> = JSON.parse(stdout);
    for (const [page, byline] of Object.entries(bylines)) {
      const expected = personNamesIn(byline);
      const markup = readAuthorMarkup(pageOf(page), PAGE_URL);
      const author = authors[page];
      results.push({
        page,
        ours: namesOneOf(namesIn(markup), expected),
        link: hasAuthorLink(markup),
        metascraper: typeof author === 'string' && namesOneOf([author], expected),
      });
    }
  }, 120_000);

  it('finds the byline’s name at least as often as metascraper-author, and an author link on more pages than before', () => {
    const count = (found: (result: PageResult) => boolean) => results.filter(found).length;
    const ours = { names: count((r) => r.ours), links: count((r) => r.link) };
    const theirs = count((r) => r.metascraper);
    const withPerson = Object.values(bylines).filter((byline) => personNamesIn(byline).length > 0).length;
    console.log(
      [
        `${results.length} pages with a byline, ${withPerson} of them naming a person (the most names can be found on)`,
        'reader                 names  links',
        `readAuthorMarkup       ${pad(ours.names)}  ${pad(ours.links)}`,
        `metascraper-author     ${pad(theirs)}      -`,
        `previous reader        ${pad(PREVIOUS_READER.names)}  ${pad(PREVIOUS_READER.links)}`,
        `names missed: ${results
          .filter((r) => !r.ours)
          .map((r) => r.page)
          .join(', ')}`,
        `metascraper only: ${
          results
            .filter((r) => r.metascraper && !r.ours)
            .map((r) => r.page)
            .join(', ') || 'none'
        }`,
      ].join('\n'),
    );
    expect(results).toHaveLength(76);
    expect(ours.names).toBeGreaterThanOrEqual(theirs);
    expect(ours.names).toBeGreaterThan(PREVIOUS_READER.names);
    expect(ours.links).toBeGreaterThan(PREVIOUS_READER.links);
  });
});

const pad = (n: number) => String(n).padStart(5);
