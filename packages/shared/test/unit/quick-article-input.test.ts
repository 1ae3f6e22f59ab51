import { MAX_URL_LENGTH } from '@byline/domain/url/canonical-url';
import {
  quickArticleInput,
  quickJournalistInput,
  verifyArticleSchema,
  verifyJournalistSchema,
} from '@byline/domain/validation/verify-inputs';

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

const JOURNALIST = verifyJournalistSchema.prefs({ abortEarly: false, convert: true });

/** A single verify_journalist takes quickJournalistInput's input where it gives one, and the schema's otherwise. */
describe('quickJournalistInput', () => {
  it.each([
    ['an X handle', { social_type: 'twitter', social_username: '@NiamhCass' }],
    [
      'a handle and a network with spaces around them, the network in capitals',
      { social_type: ' X ', social_username: ' niamh ' },
    ],
    ['an Instagram handle with dots', { social_type: 'instagram', social_username: 'niamh.cass_1' }],
    ['a LinkedIn address', { social_type: 'linkedin', social_username: 'https://www.linkedin.com/in/niamh-cassidy' }],
    ['a username no handle can be (no lookup: null)', { social_type: 'twitter', social_username: 'has spaces inside' }],
    ['the longest username taken', { social_type: 'facebook', social_username: 'a'.repeat(256) }],
  ])('gives the schema’s input for %s', (_label, fields) => {
    const checked = JOURNALIST.validate(fields);
    expect(checked.error).toBeUndefined();
    expect(quickJournalistInput(fields)).toEqual(checked.value);
  });

  it.each([
    ['no username', { social_type: 'twitter' }],
    ['no network', { social_username: 'niamh' }],
    ['a username that is no string', { social_type: 'twitter', social_username: 42 }],
    ['an empty username', { social_type: 'twitter', social_username: '  ' }],
    ['a username one character too long', { social_type: 'facebook', social_username: 'a'.repeat(257) }],
    ['a network no lookup knows', { social_type: 'myspace', social_username: 'niamh' }],
    ['a network named like a property of every object', { social_type: 'constructor', social_username: 'niamh' }],
  ])('leaves %s to the schema, which refuses it', (_label, fields) => {
    expect(JOURNALIST.validate(fields).error).toBeDefined();
    expect(quickJournalistInput(fields)).toBeUndefined();
  });
});
