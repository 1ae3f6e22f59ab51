import { escapeHtml, html, safeUrl } from '../src/views/html';

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
