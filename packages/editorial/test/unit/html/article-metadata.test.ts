import { ARTICLE_HTML } from '@byline/test-support';
import { extractArticleMetadata } from '../../../src/html/article-metadata';

describe('article metadata extraction', () => {
  it('prefers Open Graph, resolves relative addresses and normalises the date to UTC', () => {
    expect(extractArticleMetadata(ARTICLE_HTML(), 'https://ledger.example/news/appeal')).toEqual({
      title: 'Court hears appeal in harbour case',
      description: 'The appeal turns on "fair notice".',
      og_image: 'https://ledger.example/img/appeal.jpg',
      icon_path: 'https://ledger.example/favicon.png',
      published_at: '2024-05-02T07:30:00.000Z',
      tag_list: ['courts', 'harbour'],
    });
  });

  it('falls back to JSON-LD NewsArticle (also inside @graph), then meta tags', () => {
    const html = `<html><head><title>Site title</title>
      <meta name="description" content="Meta description">
      <script type="application/ld+json">{"@graph":[{"@type":"WebPage","name":"Page"},
        {"@type":["NewsArticle"],"headline":"LD headline","datePublished":"2023-11-05T10:00:00Z",
         "image":[{"url":"https://img.example/a.jpg"}],"keywords":["politics","budget"]}]}</script>
      <script type="application/ld+json">{ broken</script></head></html>`;
    expect(extractArticleMetadata(html, 'https://paper.example/a')).toEqual({
      title: 'LD headline',
      description: 'Meta description',
      og_image: 'https://img.example/a.jpg',
      icon_path: 'https://paper.example/favicon.ico',
      published_at: '2023-11-05T10:00:00.000Z',
      tag_list: ['politics', 'budget'],
    });
  });

  it('leaves unknown values empty and drops non-http addresses', () => {
    const html =
      '<html><head><meta property="og:image" content="javascript:alert(1)"><meta name="keywords" content="a, b,,a"></head></html>';
    expect(extractArticleMetadata(html, 'https://x.example/')).toMatchObject({
      title: '',
      og_image: '',
      published_at: '',
      tag_list: ['a', 'b'],
    });
  });
});
