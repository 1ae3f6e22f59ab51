import { actorAllows, domainAllowed } from '../../../src/authorship/attribution-domains';
import {
  ACTOR_DOMAINS_READ,
  actorAddressOf,
  attributionDomainsOf,
  onceEachAccount,
  type ActorAttribution,
} from '../../../src/authorship/fediverse-actor';

/**
 * The fediverse side of attribution, as pure rules: whether an actor's attributionDomains allow a page (Mastodon's
 * can_be_attributed_from?: the host or a name it is under is listed), and how a WebFinger answer and an actor
 * document are read.
 */
describe('actorAllows', () => {
  it('allows the listed host and the names under it, whole labels only', () => {
    const listed = ['news.example.org'];
    expect(actorAllows('https://news.example.org/story', listed)).toBe(true);
    expect(actorAllows('https://www.news.example.org/story', listed)).toBe(true);
    expect(actorAllows('https://a.b.news.example.org/story', listed)).toBe(true);
    expect(actorAllows('https://example.org/story', listed)).toBe(false);
    expect(actorAllows('https://badnews.example.org/story', listed)).toBe(false);
    expect(actorAllows('https://news.example.org.evil.test/story', listed)).toBe(false);
  });

  it('reads entries as Mastodon stores them: trimmed, a scheme and a leading *. dropped, any case', () => {
    for (const entry of [
      ' news.example.org ',
      'https://news.example.org',
      'http://news.example.org',
      '*.news.example.org',
      'NEWS.Example.ORG',
    ]) {
      expect(actorAllows('https://www.news.example.org/story', [entry])).toBe(true);
    }
    expect(actorAllows('https://news.example.org/', ['https://news.example.org/'])).toBe(true);
  });

  it('is the rule the journalist’s own list follows (one covers rule for both sides)', () => {
    const pages = [
      'https://news.example.org/a',
      'https://x.news.example.org/a',
      'https://example.org/a',
      'ftp://news.example.org/',
    ];
    for (const page of pages) expect(actorAllows(page, ['news.example.org'])).toBe(domainAllowed(page, ['news.example.org']));
  });

  it('lets no entry Byline’s list would refuse allow anything: a public suffix, an address, a single label, a path', () => {
    expect(actorAllows('https://anything.co.uk/story', ['co.uk'])).toBe(false);
    expect(actorAllows('https://anything.com/story', ['com'])).toBe(false);
    expect(actorAllows('https://someone.github.io/story', ['github.io'])).toBe(false);
    expect(actorAllows('http://127.0.0.1/story', ['127.0.0.1'])).toBe(false);
    expect(actorAllows('https://news.example.org/story', ['news.example.org/politics'])).toBe(false);
    expect(
      actorAllows(
        'https://news.example.org/story',
        ['', 42 as unknown as string].filter((e) => typeof e === 'string'),
      ),
    ).toBe(false);
  });

  it('allows nothing for an empty list or a page address that does not parse', () => {
    expect(actorAllows('https://news.example.org/story', [])).toBe(false);
    expect(actorAllows('not an address', ['news.example.org'])).toBe(false);
  });
});

describe('actorAddressOf', () => {
  const self = (href: string, type = 'application/activity+json') => ({ links: [{ rel: 'self', type, href }] });

  it('takes the first self link of an ActivityPub type', () => {
    expect(
      actorAddressOf({
        subject: 'acct:aoife@social.example',
        links: [
          { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: 'https://social.example/@aoife' },
          { rel: 'self', type: 'application/activity+json', href: 'https://social.example/users/aoife' },
          { rel: 'self', type: 'application/activity+json', href: 'https://social.example/users/other' },
        ],
      }),
    ).toBe('https://social.example/users/aoife');
    expect(
      actorAddressOf(self('https://social.example/u/1', 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"')),
    ).toBe('https://social.example/u/1');
  });

  it('refuses anything else: no link, another type, http, credentials, a malformed answer', () => {
    expect(actorAddressOf(self('https://social.example/users/aoife', 'text/html'))).toBeNull();
    expect(actorAddressOf(self('http://social.example/users/aoife'))).toBeNull();
    expect(actorAddressOf(self('https://me:secret@social.example/users/aoife'))).toBeNull();
    expect(actorAddressOf(self('not an address'))).toBeNull();
    expect(actorAddressOf({ links: 'https://social.example/users/aoife' })).toBeNull();
    expect(actorAddressOf([])).toBeNull();
    expect(actorAddressOf(null)).toBeNull();
    expect(actorAddressOf('{}')).toBeNull();
  });
});

describe('attributionDomainsOf', () => {
  it('reads the list Mastodon publishes, a single value, and ids given as objects', () => {
    expect(attributionDomainsOf({ attributionDomains: ['news.example.org', 'blog.example'] })).toEqual([
      'news.example.org',
      'blog.example',
    ]);
    expect(attributionDomainsOf({ attributionDomains: 'news.example.org' })).toEqual(['news.example.org']);
    expect(attributionDomainsOf({ attributionDomains: [{ id: 'news.example.org' }, 7, null, { href: 'x' }] })).toEqual([
      'news.example.org',
    ]);
  });

  it('is empty for an actor that lists none or is no object', () => {
    expect(attributionDomainsOf({ type: 'Person' })).toEqual([]);
    expect(attributionDomainsOf({ attributionDomains: null })).toEqual([]);
    expect(attributionDomainsOf(['news.example.org'])).toEqual([]);
    expect(attributionDomainsOf(null)).toEqual([]);
  });

  it('reads at most ACTOR_DOMAINS_READ entries, as Mastodon keeps of a remote account', () => {
    const many = Array.from({ length: ACTOR_DOMAINS_READ + 50 }, (_, i) => `site${i}.example`);
    expect(attributionDomainsOf({ attributionDomains: many })).toHaveLength(ACTOR_DOMAINS_READ);
  });
});

describe('onceEachAccount', () => {
  it('reads an account once however its pages write it, failures included', async () => {
    const asked: string[] = [];
    const read = onceEachAccount(async (account): Promise<ActorAttribution> => {
      asked.push(account);
      return account.includes('down') ? { ok: false, reason: 'its server did not answer' } : { ok: true, domains: [] };
    });
    await read('@aoife@social.example');
    await read('Aoife@Social.Example');
    await read('@x@down.example');
    expect(await read('@x@down.example')).toEqual({ ok: false, reason: 'its server did not answer' });
    expect(asked).toEqual(['@aoife@social.example', '@x@down.example']);
  });
});
