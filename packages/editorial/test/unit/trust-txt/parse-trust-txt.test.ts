import { declaringNothing } from '@byline/test-support';
import { parseTrustTxt, siteOf } from '../../../src/trust-txt/parse-trust-txt';

const relationsOf = (text: string) => parseTrustTxt(text).relations.map(({ kind, domain }) => `${kind} ${domain}`);

describe('parseTrustTxt', () => {
  it('reads a real-world-shaped file: comments, sections, every attribute', () => {
    const file = [
      '# The Harbour Times trust.txt file',
      '#',
      '# For more information on trust.txt see:',
      '# 1. https://journallist.net - Home of the trust.txt specification',
      '#',
      '# The Harbour Times is controlled by the following organization',
      '#',
      'controlledby=https://www.harbour-group.example/',
      '#',
      '# The Harbour Times belongs to the following organizations',
      '#',
      'belongto=https://www.press-association.example/',
      'belongto=https://journallist.net',
      '#',
      '# The Harbour Times controls the following sites',
      'control=https://north.harbour.example/',
      '#',
      '# social networks',
      'social=https://www.facebook.com/HarbourTimes',
      'social=https://social.example/@harbour',
      '#',
      '# contact info',
      'contact=https://harbour.example/contact-us/',
      'contact=mailto:desk@harbour.example',
      'contact=tel:+1-555-0100',
      '',
      'disclosure=https://harbour.example/ethics-policy/',
      'vendor=https://cms-vendor.example/',
      'customer=https://wire-client.example/',
      'datatrainingallowed=no',
      '',
    ].join('\r\n');
    expect(parseTrustTxt(file)).toEqual({
      relations: [
        { kind: 'controlledby', domain: 'harbour-group.example', host: 'www.harbour-group.example', line: 8 },
        { kind: 'belongto', domain: 'press-association.example', host: 'www.press-association.example', line: 12 },
        { kind: 'belongto', domain: 'journallist.net', host: 'journallist.net', line: 13 },
        { kind: 'control', domain: 'north.harbour.example', host: 'north.harbour.example', line: 16 },
        { kind: 'vendor', domain: 'cms-vendor.example', host: 'cms-vendor.example', line: 28 },
        { kind: 'customer', domain: 'wire-client.example', host: 'wire-client.example', line: 29 },
      ],
      social: ['https://www.facebook.com/HarbourTimes', 'https://social.example/@harbour'],
      contacts: ['https://harbour.example/contact-us/', 'mailto:desk@harbour.example', 'tel:+1-555-0100'],
      disclosures: ['https://harbour.example/ethics-policy/'],
      dataTrainingAllowed: false,
      errors: [],
      warnings: [],
    });
  });

  it('splits at the first = only: a value may hold more', () => {
    const parsed = parseTrustTxt('social=https://video.example/watch?v=abc&list=x=y\ncontact=https://a.example/form?to=desk');
    expect(parsed.social).toEqual(['https://video.example/watch?v=abc&list=x=y']);
    expect(parsed.contacts).toEqual(['https://a.example/form?to=desk']);
  });

  it('drops whole-line comments and trailing ones after whitespace, but keeps a # inside a value', () => {
    const parsed = parseTrustTxt(
      [
        '# a comment',
        '   # an indented comment',
        '#member=https://commented-out.example/',
        'member=https://a.example/ # our first member',
        'member=https://b.example/\t#tab before the comment',
        'social=https://social.example/#harbour',
      ].join('\n'),
    );
    expect(parsed.relations.map((r) => r.domain)).toEqual(['a.example', 'b.example']);
    expect(parsed.social).toEqual(['https://social.example/#harbour']);
    expect(parsed.warnings).toEqual([]);
  });

  it('takes blank lines, CRLF, CR, a byte-order mark and surrounding whitespace in its stride', () => {
    const parsed = parseTrustTxt(
      '\uFEFFmember=https://a.example/\r\n\r\n   \r\n  member = https://b.example/  \rcontact= desk@c.example ',
    );
    expect(parsed.relations.map(({ domain, line }) => [domain, line])).toEqual([
      ['a.example', 1],
      ['b.example', 4],
    ]);
    expect(parsed.contacts).toEqual(['desk@c.example']);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads attribute names in any case', () => {
    expect(relationsOf('MEMBER=https://a.example/\nBelongTo=https://b.example/\nControlledBy=https://c.example/')).toEqual([
      'member a.example',
      'belongto b.example',
      'controlledby c.example',
    ]);
    expect(parseTrustTxt('DataTrainingAllowed=YES').dataTrainingAllowed).toBe(true);
  });

  it('compares relations by host: lower case, no www., no trailing dot, punycode, path ignored', () => {
    expect(
      relationsOf(
        [
          'member=HTTPS://WWW.Press-Association.Example/members/',
          'vendor=http://vendor.example.',
          'customer=https://bücher.example/',
          'control=https://www.www-news.example:8443/x?y#z',
        ].join('\n'),
      ),
    ).toEqual([
      'member press-association.example',
      'vendor vendor.example',
      'customer xn--bcher-kva.example',
      'control www-news.example',
    ]);
  });

  it('keeps unknown attributes aside as warnings with their line', () => {
    const parsed = parseTrustTxt('member=https://a.example/\ndatetime=2024-01-01T00:00:00Z\nX-Custom=1');
    expect(parsed.relations).toHaveLength(1);
    expect(parsed.warnings).toEqual([
      { line: 2, message: 'unknown attribute "datetime"' },
      { line: 3, message: 'unknown attribute "x-custom"' },
    ]);
    expect(parsed.errors).toEqual([]);
  });

  it('reports malformed lines and unusable values as warnings with their line number', () => {
    const parsed = parseTrustTxt(
      [
        'member https://a.example/',
        '=https://b.example/',
        'member=',
        'belongto=ftp://files.example/',
        'belongto=https://192.0.2.10/',
        'belongto=localhost',
        'belongto=https://user@assoc.example/',
        'control=not a url',
        'social=@harbour',
        'disclosure=ethics page',
        'member=assoc.example',
        'member=https://a.example/',
        'member=https://www.a.example/',
      ].join('\n'),
    );
    expect(parsed.warnings).toEqual([
      { line: 1, message: 'is not name=value' },
      { line: 2, message: 'is not name=value' },
      { line: 3, message: 'member has no value' },
      { line: 4, message: 'belongto "ftp://files.example/" is not an http(s) address' },
      { line: 5, message: 'belongto "https://192.0.2.10/" names an IP address, not a site' },
      { line: 6, message: 'belongto "localhost" is not a site’s address' },
      { line: 7, message: 'belongto "https://user@assoc.example/" is not a site’s address (it has a user name)' },
      { line: 8, message: 'control "not a url" is not a web address' },
      { line: 9, message: 'social "@harbour" is not an http(s) address' },
      { line: 10, message: 'disclosure "ethics page" is not an http(s) address' },
      { line: 11, message: 'member "assoc.example" is not written as an address (https://…); read as assoc.example' },
      { line: 13, message: 'member a.example is repeated' },
    ]);
    // a bare host is still read; a repeat is kept once
    expect(parsed.relations.map(({ domain, line }) => [domain, line])).toEqual([
      ['assoc.example', 11],
      ['a.example', 12],
    ]);
    expect(parsed.social).toEqual([]);
    expect(parsed.disclosures).toEqual([]);
    expect(parsed.errors).toEqual([]);
  });

  it('makes a second controlledby an error to show, keeping both declarations', () => {
    const parsed = parseTrustTxt(
      'controlledby=https://owner-one.example/\nmember=https://a.example/\ncontrolledby=https://owner-two.example/',
    );
    expect(parsed.errors).toEqual([
      { line: 3, message: 'controlledby is given more than once: a site is controlled by one other' },
    ]);
    expect(parsed.relations.filter((r) => r.kind === 'controlledby').map((r) => r.domain)).toEqual([
      'owner-one.example',
      'owner-two.example',
    ]);
  });

  it('reads datatrainingallowed as yes or no, and nothing else', () => {
    expect(parseTrustTxt('').dataTrainingAllowed).toBeNull();
    expect(parseTrustTxt('datatrainingallowed=yes').dataTrainingAllowed).toBe(true);
    expect(parseTrustTxt('datatrainingallowed=No').dataTrainingAllowed).toBe(false);
    const wrong = parseTrustTxt('datatrainingallowed=maybe');
    expect(wrong.dataTrainingAllowed).toBeNull();
    expect(wrong.errors).toEqual([{ line: 1, message: 'datatrainingallowed must be yes or no, not "maybe"' }]);
  });

  it('makes datatrainingallowed given more than once an error, and answers neither', () => {
    for (const second of ['no', 'yes']) {
      const parsed = parseTrustTxt(`datatrainingallowed=yes\n# again\ndatatrainingallowed=${second}`);
      expect(parsed.dataTrainingAllowed).toBeNull();
      expect(parsed.errors).toEqual([{ line: 3, message: 'datatrainingallowed is given more than once' }]);
    }
  });

  it('reads an empty or comment-only file as declaring nothing', () => {
    expect(parseTrustTxt('# nothing yet\n\n')).toEqual(declaringNothing());
  });
});

describe('siteOf', () => {
  it.each([
    ['https://www.example.org/', { domain: 'example.org', host: 'www.example.org', bare: false }],
    ['http://Example.ORG', { domain: 'example.org', host: 'example.org', bare: false }],
    ['news.example.org', { domain: 'news.example.org', host: 'news.example.org', bare: true }],
  ])('reads %j', (value, expected) => {
    expect(siteOf(value)).toEqual(expected);
  });
});
