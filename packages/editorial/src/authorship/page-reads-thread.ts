import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PageReadError, type PageReads } from './page-reads';
import type { PageReadRequest } from './page-reads-worker';

/** Longest a read may take before its thread is ended and a new one started: a page no reader should need. */
const READ_TIMEOUT_MS = 5_000;

/**
 * The compiled worker script. Tests run this module from its TypeScript source (ts-jest), but a worker thread runs
 * JavaScript: the package's build (dist/) always has it, as `npm test` builds first.
 */
const WORKER_SCRIPT = path.join(__dirname.replace(/([\\/])src([\\/]authorship)$/, '$1dist$2'), 'page-reads-worker.js');

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The page reads on a thread of their own, for the portal: a page check there must not hold up other people's
 * requests while a large page is read (a 2 MB page written to stall readers takes ~70 ms). One thread per process,
 * started at the first read and unref'd (it never keeps the process alive); reads queue on it in order. A read that
 * takes longer than READ_TIMEOUT_MS ends the thread (every read waiting on it fails with PageReadError) and the
 * next read starts a new one.
 */
export class PageReadsThread implements PageReads {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly timeoutMs = READ_TIMEOUT_MS) {}

  authorMarkup(html: string, pageUrl: string) {
    return this.ask('authorMarkup', html, pageUrl) as ReturnType<PageReads['authorMarkup']>;
  }

  authorPageLinks(html: string, pageUrl: string) {
    return this.ask('authorPageLinks', html, pageUrl) as ReturnType<PageReads['authorPageLinks']>;
  }

  articleMetadata(html: string, pageUrl: string) {
    return this.ask('articleMetadata', html, pageUrl) as ReturnType<PageReads['articleMetadata']>;
  }

  private ask(read: PageReadRequest['read'], html: string, pageUrl: string): Promise<unknown> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.end(worker, new PageReadError('it took too long to read')), this.timeoutMs);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, read, html, pageUrl } satisfies PageReadRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SCRIPT);
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.waiting.get(id);
      if (!waiting) return;
      this.waiting.delete(id);
      clearTimeout(waiting.timer);
      if (error === undefined) waiting.resolve(result);
      else waiting.reject(new PageReadError(error));
    });
    worker.on('error', (error) => this.end(worker, new PageReadError(error.message)));
    worker.on('exit', () => this.end(worker, new PageReadError('the reading thread stopped')));
    this.worker = worker;
    return worker;
  }

  /** Ends `worker` if it is still the thread: fails every read waiting on it; the next read starts a new thread. */
  private end(worker: Worker, error: PageReadError): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.waiting.clear();
    void worker.terminate();
  }
}

let shared: PageReadsThread | null = null;

/** The process's page-reading thread (PageReadsThread), made at first use. */
export function pageReadsThread(): PageReads {
  shared ??= new PageReadsThread();
  return shared;
}
