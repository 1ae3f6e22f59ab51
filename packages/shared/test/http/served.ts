/**
 * The three servers as they run in production (createHttpServer around the real app), in this process, on an
 * embedded store in a temporary directory and a free port of 127.0.0.1.
 */
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer, inMemoryRateLimiting, type RateLimitingOptions, type ServiceDeps } from '@byline/http';
import { bearer, embeddedStore, quietLogger } from '@byline/test-support';
import { createApp as createPortalApp, PageFetchError } from '@byline/portal';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createApp as createArticleApp } from '../../../article-verifier/src/app';
import { createApp as createJournalistApp } from '../../../journalist-verifier/src/app';
import { Outbox } from '../../../portal/src/mail/outbox';

export type ServerName = 'article verifier' | 'journalist verifier' | 'portal';
export const SERVER_NAMES: ServerName[] = ['article verifier', 'journalist verifier', 'portal'];

export interface Served {
  name: ServerName;
  port: number;
  store: Store;
  /** `Bearer KEY:SECRET` of a working key. */
  authorization: string;
  close(): Promise<void>;
}

async function listen(app: RequestListener): Promise<Server> {
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function appFor(name: ServerName, store: Store, options: ServeOptions): { app: RequestListener; closeMore: () => Promise<void> } {
  const logger = quietLogger();
  if (name !== 'portal') {
    const rateLimiting = options.rateLimits
      ? inMemoryRateLimiting({ usage: repositoriesOf(store).usage, logger, ...options.rateLimits })
      : undefined;
    const deps: ServiceDeps = { store, logger, rateLimiting };
    const app = name === 'article verifier' ? createArticleApp(deps) : createJournalistApp(deps);
    return { app, closeMore: async () => rateLimiting?.close() };
  }
  // Mail on, as in production (without it the reset form answers 503 by design); messages go nowhere.
  const outbox = new Outbox({ send: async () => {} }, logger);
  // Never the network: an article address is refused as unreachable.
  const fetchPage = async (): Promise<never> => {
    throw new PageFetchError('the page cannot be fetched (test)');
  };
  const app = createPortalApp({ store, logger, outbox, fetchPage });
  return {
    app,
    closeMore: async () => {
      await outbox.settled();
    },
  };
}

export interface ServeOptions {
  /** The verifiers' limits (defaults otherwise). */
  rateLimits?: Pick<RateLimitingOptions, 'perMinute' | 'authFailuresPerMinute'>;
}

export async function serve(name: ServerName, options: ServeOptions = {}): Promise<Served> {
  const store = embeddedStore();
  const { app, closeMore } = appFor(name, store, options);
  const server = await listen(app);
  return {
    name,
    port: (server.address() as AddressInfo).port,
    store,
    authorization: await bearer(store),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeMore();
      await store.close();
    },
  };
}
