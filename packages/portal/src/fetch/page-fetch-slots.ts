import type { PageFetcher } from './fetch-page';

export interface PageFetchSlotsOptions {
  /** Page fetches this process runs at once. */
  concurrent?: number;
  /** Fetches that may wait for a slot; any more are refused at once. */
  waiting?: number;
  /** How long a fetch waits for a slot before it is refused. */
  waitMs?: number;
}

/** No slot came free in time: the portal is reading as many pages as it may. */
export class PageFetchersBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Byline is reading many pages just now.');
    this.name = 'PageFetchersBusyError';
  }
}

/**
 * A bound on the article pages this process fetches at once. Each fetch may hold up to its size cap (2 MB decoded)
 * and the text and markup made from it: the bound keeps that below the memory a pod has, whoever asks. A fetch over
 * the bound waits briefly (a burst of adds from several people is smoothed, not refused); past the wait, or when
 * the queue is full, it is refused with PageFetchersBusyError, which the pages answer with 503 and Retry-After: the
 * server is busy, the person did nothing wrong (429 is their own allowance, PageFetchThrottle).
 */
export class PageFetchSlots {
  private readonly concurrent: number;
  private readonly waiting: number;
  private readonly waitMs: number;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor({ concurrent = 4, waiting = 16, waitMs = 3000 }: PageFetchSlotsOptions = {}) {
    this.concurrent = concurrent;
    this.waiting = waiting;
    this.waitMs = waitMs;
  }

  /** The fetcher, run within the bound. */
  bound(fetchPage: PageFetcher): PageFetcher {
    return async (address) => {
      await this.acquire();
      try {
        return await fetchPage(address);
      } finally {
        this.release();
      }
    };
  }

  private async acquire(): Promise<void> {
    if (this.running < this.concurrent) {
      this.running++;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil(this.waitMs / 1000));
    if (this.queue.length >= this.waiting) throw new PageFetchersBusyError(retryAfter);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(turn), 1);
        reject(new PageFetchersBusyError(retryAfter));
      }, this.waitMs);
      this.queue.push(turn);
    });
  }

  /** The slot goes to the longest waiting fetch (running stays the same), or is freed. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
