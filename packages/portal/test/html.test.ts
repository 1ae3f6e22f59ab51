import { checkedUrl, escapeHtml, html, jsonLdScript, SafeHtml, safeUrl, SafeUrl, sitePath, webUrl } from '../src/views/html';

describe('html templates', () => {
  it('escapes every interpolated value, in text and in quoted attributes', () => {
    const name = `<script>"x" & 'y' \`z\`</script>`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39; &#96;z&#96;&lt;/script&gt;">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39; &#96;z&#96;&lt;/script&gt;</p>',
    );
  });

  it('nests fragments without escaping them twice, and renders lists and empty values', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    const rendered = html`<ul>
        ${items}
      </ul>
      ${null}${undefined}${false}${0}`.value;
    // Prettier lays html`` templates out over lines, so compare without whitespace.
    expect(rendered.replace(/\s+/g, '')).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('lets only http(s) addresses into links', () => {
    expect(safeUrl('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,<script>')).toBeUndefined();
    expect(safeUrl('/relative')).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
  });
});

describe('addresses in links', () => {
  const unsafe = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/path',
    '/\\evil.example/path',
    'relative/path',
    'https://news.example/a\nb',
    'https://news.example/a b',
    '',
  ];

  it.each(unsafe)('never makes a SafeUrl of %j', (address) => {
    expect(checkedUrl(address)).toBeUndefined();
    expect(() => sitePath(address)).toThrow(TypeError);
  });

  it('refuses javascript: and data: as a web address too', () => {
    expect(webUrl('javascript:alert(1)')).toBeUndefined();
    expect(webUrl('data:text/html,<script>')).toBeUndefined();
    expect(webUrl('mailto:desk@example.org')).toBeUndefined();
    expect(webUrl('https://Example.org/a?b=1')?.href).toBe('https://example.org/a?b=1');
  });

  it('takes http(s), mailto: and this site’s paths as they are', () => {
    for (const address of [
      'https://example.org/a?b=1&c=2',
      'http://localhost:8080/docs',
      'mailto:ops@example.org',
      '/j/niamh',
      '#',
    ]) {
      expect(checkedUrl(address)?.href).toBe(address);
    }
    expect(sitePath('/settings/api').href).toBe('/settings/api');
  });

  it('lets an address attribute start only with a SafeUrl', () => {
    const attempts = [
      () => html`<a href="${'javascript:alert(1)'}">x</a>`,
      () => html`<a href="${'https://example.org/'}">x</a>`,
      () => html`<img alt="" src="${'https://example.org/a.png'}" />`,
      () => html`<form method="post" action="${'/profile'}"></form>`,
      () => html`<button formaction="${'/profile'}">x</button>`,
      () => html`<a class="x" href="${'javascript:alert(1)'}">x</a>`,
      () => html`<a href="${undefined}">x</a>`,
      () => html`<a href="${html`javascript:alert(1)`}">x</a>`,
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
  });

  it('renders a SafeUrl escaped, and text after a start that fixes the destination', () => {
    const slug = 'niamh"&';
    expect(html`<a href="${checkedUrl('https://example.org/?a=1&b=2')}">x</a>`.value).toBe(
      '<a href="https://example.org/?a=1&amp;b=2">x</a>',
    );
    expect(html`<a href="/j/${slug}">x</a>`.value).toBe('<a href="/j/niamh&quot;&amp;">x</a>');
    expect(html`<a href="${sitePath('/settings/api/keys/k1')}/revoke">x</a>`.value).toBe(
      '<a href="/settings/api/keys/k1/revoke">x</a>',
    );
    expect(html`<a title="${slug}" href="${sitePath('/a')}" data-x="${slug}">x</a>`.value).toBe(
      '<a title="niamh&quot;&amp;" href="/a" data-x="niamh&quot;&amp;">x</a>',
    );
  });

  it('refuses text where a path would become another site', () => {
    expect(() => html`<a href="/${'/evil.example'}">x</a>`).toThrow(TypeError);
    expect(() => html`<a href="${sitePath('/')}${'/evil.example'}">x</a>`).toThrow(TypeError);
  });
});

describe('markup made elsewhere', () => {
  it('cannot be constructed outside the html helper', () => {
    // @ts-expect-error the constructor wants a symbol only views/html holds
    expect(() => new SafeHtml('<script>alert(1)</script>')).toThrow(TypeError);
    // @ts-expect-error likewise for an address
    expect(() => new SafeUrl('javascript:alert(1)')).toThrow(TypeError);
    // @ts-expect-error another symbol of the same description is not that symbol
    expect(() => new SafeHtml(Symbol('made by views/html'), '<b>x</b>')).toThrow(TypeError);
  });

  it('puts a JSON-LD data block in a script no value can end', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' }).value).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>',
    );
  });
});
