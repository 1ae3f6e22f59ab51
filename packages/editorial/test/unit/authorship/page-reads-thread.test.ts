import { readAuthorMarkup } from '@byline/editorial/authorship/author-markup';
import { PageReadError } from '@byline/editorial/authorship/page-reads';
import { PageReadsThread } from '@byline/editorial/authorship/page-reads-thread';

const PAGE = `<html><head><link rel="author" href="/authors/aoife"><meta name="author" content="Aoife Brennan">
<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"Aoife Brennan","sameAs":"https://x.com/aoifeb"}}</script>
</head><body><a rel="me" href="https://x.com/aoifeb">me</a></body></html>`;

/** The portal's page reads on a thread of their own: the same results as on the calling thread, and bounded in time. */
describe('the page-reading thread', () => {
  it('reads as the calling thread does', async () => {
    const thread = new PageReadsThread();
    expect(await thread.authorMarkup(PAGE, 'https://news.example/story')).toEqual(
      readAuthorMarkup(PAGE, 'https://news.example/story'),
    );
    expect(await thread.authorPageLinks(PAGE, 'https://news.example/authors/aoife')).toEqual(['https://x.com/aoifeb']);
  });

  it('fails a read that takes too long, ends the thread, and reads again on a new one', async () => {
    const thread = new PageReadsThread(1);
    const hostile = '<span>'.repeat(350_000); // ~30 ms to read: far past 1 ms
    await expect(thread.authorMarkup(hostile, 'https://news.example/story')).rejects.toThrow(PageReadError);
    const patient = new PageReadsThread();
    expect((await patient.authorMarkup(PAGE, 'https://news.example/story')).metaAuthor).toEqual(['Aoife Brennan']);
  });
});
