import { parentPort } from 'node:worker_threads';
import { readAuthorMarkup } from './author-markup';
import { authorPageLinks } from './author-page';

/** The page-reading thread's side (see page-reads-thread.ts): one read per message, answered by its id. */
export interface PageReadRequest {
  id: number;
  read: 'authorMarkup' | 'authorPageLinks';
  html: string;
  pageUrl: string;
}

parentPort?.on('message', ({ id, read, html, pageUrl }: PageReadRequest) => {
  // The readers never throw (a hostile page yields less markup); a failure here is answered, never left waiting.
  try {
    const result = read === 'authorMarkup' ? readAuthorMarkup(html, pageUrl) : authorPageLinks(html, pageUrl);
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
