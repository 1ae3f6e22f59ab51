import { relMeLinks, samePublicPage } from '../../../editorial/src/proofs/rel-me-links';

describe('rel="me" links', () => {
  const page = 'https://blog.example/about/';

  it('finds <a> and <link> whose rel list holds the token me, resolved against the page', () => {
    const html = `<html><head><link rel="me authn" href="https://byline.example/j/niamh"></head>
      <body><a rel="nofollow me" href="/elsewhere">x</a><a rel="noopener" href="https://no.example/">y</a>
      <a rel="mention" href="https://not-me.example/">z</a><a REL=" ME " href="HTTPS://Byline.Example/j/other">w</a>
      <a rel="me">no href</a></body></html>`;
    expect(relMeLinks(html, page)).toEqual([
      'https://byline.example/j/niamh',
      'https://blog.example/elsewhere',
      'https://byline.example/j/other',
    ]);
  });

  it('honours <base href> and skips hrefs that are not addresses', () => {
    const html = '<base href="https://cdn.example/x/"><a rel="me" href="y">a</a><a rel="me" href="http://[bad">b</a>';
    expect(relMeLinks(html, page)).toEqual(['https://cdn.example/x/y']);
  });

  it('ignores links inside comments and scripts', () => {
    const html =
      '<!-- <a rel="me" href="https://byline.example/j/niamh">--><script>"<a rel=\\"me\\" href=\\"https://byline.example/j/niamh\\">"</script>';
    expect(relMeLinks(html, page)).toEqual([]);
  });
});

describe('samePublicPage', () => {
  const profile = 'https://byline.example/j/niamh-cassidy';
  it.each([
    'https://byline.example/j/niamh-cassidy',
    'http://byline.example/j/niamh-cassidy',
    'https://BYLINE.example/j/niamh-cassidy/',
    'https://byline.example:443/j/niamh-cassidy',
    'https://byline.example/j/niamh-cassidy#me',
  ])('accepts %s', (link) => expect(samePublicPage(link, profile)).toBe(true));

  it.each([
    'https://byline.example/j/Niamh-Cassidy',
    'https://byline.example/j/niamh-cassidy-2',
    'https://byline.example/j/niamh-cassidy?x=1',
    'https://evil.example/j/niamh-cassidy',
    'https://byline.example.evil.example/j/niamh-cassidy',
    'https://user@byline.example/j/niamh-cassidy',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (link) => expect(samePublicPage(link, profile)).toBe(false));
});
