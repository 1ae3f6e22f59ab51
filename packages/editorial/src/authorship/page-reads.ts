import { extractArticleMetadata, type ArticleMetadata } from '../html/article-metadata';
import { readAuthorMarkup, type AuthorMarkup } from './author-markup';
import { authorPageLinks } from './author-page';

/**
 * The reads of a fetched page: its author markup and an author page's own links (a check), and an article's
 * metadata (the article form's prefill).
 */
export interface PageReads {
  authorMarkup(html: string, pageUrl: string): Promise<AuthorMarkup>;
  authorPageLinks(html: string, pageUrl: string): Promise<string[]>;
  articleMetadata(html: string, pageUrl: string): Promise<ArticleMetadata>;
}

/** The reads on the calling thread: the worker process's, where a read holds up no one's request. */
export const READ_IN_THIS_THREAD: PageReads = {
  authorMarkup: async (html, pageUrl) => readAuthorMarkup(html, pageUrl),
  authorPageLinks: async (html, pageUrl) => authorPageLinks(html, pageUrl),
  articleMetadata: async (html, pageUrl) => extractArticleMetadata(html, pageUrl),
};

/** A read the page-reading thread did not finish in time, or failed: the page counts as unread. */
export class PageReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageReadError';
  }
}
