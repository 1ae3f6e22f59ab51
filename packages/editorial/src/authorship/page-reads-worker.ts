import { parentPort } from 'node:worker_threads';
import { READ_IN_THIS_THREAD } from './page-reads';

/** The page-reading thread's side (see page-reads-thread.ts): one read per message, answered by its id. */
export interface PageReadRequest {
  id: number;
  read: 'authorMarkup' | 'authorPageLinks' | 'articleMetadata';
  html: string;
  pageUrl: string;
}

parentPort?.on('message', ({ id, read, html, pageUrl }: PageReadRequest) => {
  // The readers never throw (a hostile page yields less markup); a failure here is answered, never left waiting.
  READ_IN_THIS_THREAD[read](html, pageUrl).then(
    (result) => parentPort!.postMessage({ id, result }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
