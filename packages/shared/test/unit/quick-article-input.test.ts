import { MAX_URL_LENGTH } from '@byline/domain/url/canonical-url';
import { quickArticleInput, verifyArticleSchema } from '@byline/domain/validation/verify-inputs';

const SCHEMA = verifyArticleSchema.prefs({ abortEarly: false, convert: true });
const PAGE = 'https://www.example-news.ie/world/harbour-towns';

/** A batch takes quickArticleInput's input where it gives one, and the schema's otherwise: the two must agree. */
describe('quickArticleInput', () => {
  it.each([
    ['an address', PAGE],
    ['an address with spaces, tabs and newlines around it', ` \t${PAGE}/?utm_source=x#top\n `],
    ['an upper-case scheme and host', 'HTTPS://WWW.EXAMPLE-NEWS.IE/World'],
    ['an address of the longest length taken', `https://example.ie/${'a'.repeat(MAX_URL_LENGTH - 19)}`],
    ['non-ASCII characters', 'https://例え.jp/ニュース?q=é'],
    ['non-breaking and other Unicode spaces around it', `\u00a0\u2003${PAGE}\ufeff`],
  ])('gives the schema’s input for %s', (_label, url) => {
    const checked = SCHEMA.validate({ url });
    expect(checked.error).toBeUndefined();
    expect(quickArticleInput(url)).toEqual(checked.value);
  });

  it.each([
    ['no string', 42],
    ['null', null],
    ['an object', { url: PAGE }],
    ['an empty string', ''],
    ['only spaces', '   '],
    ['an address one character too long', `https://example.ie/${'a'.repeat(MAX_URL_LENGTH - 18)}`],
    ['no http(s) address', 'ftp://nowhere'],
    ['no address at all', 'not a url'],
  ])('leaves %s to the schema, which refuses it', (_label, url) => {
    expect(SCHEMA.validate({ url }).error).toBeDefined();
    expect(quickArticleInput(url)).toBeUndefined();
  });
});
