import { MAX_OPEN_TEXTS, scanHtml, type TextRequest } from '../../../src/html/scan-html';

/** The texts scanHtml gives for the elements of `wanted` (by name), in the order they end. */
function textsOf(html: string, wanted: string, chars = 100): [string, boolean][] {
  const texts: [string, boolean][] = [];
  scanHtml(html, {
    tags: 'all',
    openTag(name): TextRequest | void {
      if (name === wanted) return { chars, text: (text, whole) => texts.push([text, whole]) };
    },
  });
  return texts;
}

describe('scanHtml: the text of any element', () => {
  it('gives the text content, markup left out, a line per block, spaces collapsed', () => {
    expect(textsOf('<p>By <a href="/x">Jane\n   Doe</a><br><time>March 3</time></p>', 'p')).toEqual([
      ['By Jane Doe\nMarch 3', true],
    ]);
  });

  it('finds the end tag of its own element by counting the elements of its name opened inside it', () => {
    expect(textsOf('<div>a<div>b</div>c</div>d', 'div')).toEqual([
      ['b', true],
      ['a\nb\nc', true],
    ]);
  });

  it('ends an element never closed where an element around it closes, or at the characters asked', () => {
    expect(textsOf('<div><span>Jane Doe</div>more text', 'span')).toEqual([['Jane Doe', true]]);
    expect(textsOf(`<span>${'x'.repeat(50)}`, 'span', 10)).toEqual([['xxxxxxxxxx', false]]);
  });

  it('gives what a page cut short inside the element has, not whole', () => {
    expect(textsOf('<p>By Jane', 'p')).toEqual([['By Jane', false]]);
  });

  it('leaves out the content of scripts and styles, and counts no svg element as open', () => {
    expect(textsOf('<p>a<script>b</script><style>c</style><svg><path d="M0"/></svg>d</p>e', 'p')).toEqual([['ad', true]]);
  });

  it(`reads at most ${MAX_OPEN_TEXTS} elements at once: the others get an empty text at once, each asked exactly once`, () => {
    const texts = textsOf('<b>'.repeat(20) + 'x' + '</b>'.repeat(20), 'b');
    expect(texts).toHaveLength(20);
    expect(texts.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => ['', false]));
    expect(texts.slice(12).every(([text, whole]) => text === 'x' && whole)).toBe(true);
  });

  it('still gives a number-asking reader the text of text-only elements only', () => {
    const texts: string[] = [];
    scanHtml('<title>A &amp; B</title><p>not this</p>', {
      tags: new Set(['title', 'p']),
      openTag: () => 100,
      elementText: (_name, text) => texts.push(text),
    });
    expect(texts).toEqual(['A & B']);
  });
});
