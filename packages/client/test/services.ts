/**
 * Both verifiers as they run in production (createHttpServer around the real app), in this process, on one real
 * store and free ports of 127.0.0.1, with a real API key: what the client tests call. And two small real servers
 * the retry and timeout tests put in front of them or in their place.
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createHttpServer, inMemoryRateLimiting, type RateLimiting } from '@byline/http';
import { BylineClient } from '@byline/client';
import { quietLogger, seed, type StoreFactory } from '@byline/test-support';
import { createApp as createArticleApp } from '../../article-verifier/src/app';
import { createApp as createJournalistApp } from '../../journalist-verifier/src/app';

export interface RunningServices {
  /** `{base_url}`: the article verifier. */
  baseUrl: string;
  /** `{journalist_base_url}`: the journalist verifier. */
  journalistBaseUrl: string;
  /** A working key pair, `KEY:SECRET`. */
  apiKey: string;
  /** The real store behind both, to arrange data. */
  store: Store;
  close(): Promise<void>;
}

export interface ServicesOptions {
  /** Wraps the real store before the services get it (e.g. to make one read fail). */
  wrapStore?: (store: Store) => Store;
  /** Each key's requests a minute (the services' default otherwise). */
  perMinute?: number;
}

/** `server` listening on a free port of 127.0.0.1. */
export async function listen(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface Running {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Both services on a fresh store of `factory`. */
export async function startServices(factory: StoreFactory, options: ServicesOptions = {}): Promise<RunningServices> {
  const store = await factory.create();
  const logger = quietLogger();
  const served = options.wrapStore ? options.wrapStore(store) : store;
  const rateLimiting: RateLimiting | undefined =
    options.perMinute === undefined
      ? undefined
      : inMemoryRateLimiting({ usage: repositoriesOf(store).usage, logger, perMinute: options.perMinute });
  const deps = { store: served, apiCredentials: repositoriesOf(store).apiCredentials, logger, rateLimiting };
  const articles = await listen(createHttpServer(createArticleApp(deps)));
  const journalists = await listen(createHttpServer(createJournalistApp(deps)));
  const { token } = await createApiKey(repositoriesOf(store).apiKeys, 'client@example.org', 'client tests');
  return {
    baseUrl: articles.url,
    journalistBaseUrl: journalists.url,
    apiKey: token,
    store,
    close: async () => {
      await articles.close();
      await journalists.close();
      await rateLimiting?.close();
      await store.close();
    },
  };
}

/** Both services on a fresh store of `factory` holding `profiles`, and a client of both with the working key. */
export async function servicesHolding(factory: StoreFactory, ...profiles: unknown[]) {
  const services = await startServices(factory);
  await seed(services.store, ...profiles);
  const client = new BylineClient({
    apiKey: services.apiKey,
    baseUrl: services.baseUrl,
    journalistBaseUrl: services.journalistBaseUrl,
  });
  return { services, client };
}

export interface Refusal {
  status: number;
  headers?: Record<string, string>;
}

/**
 * A reverse proxy in front of `target` that answers the first requests with `refusals` (problem+json, as the
 * services' own) and passes every later one through; `seen` lists what each request got.
 */
export async function refusingProxy(target: string, refusals: Refusal[]): Promise<Running & { seen: Array<number | 'proxied'> }> {
  const queue = [...refusals];
  const seen: Array<number | 'proxied'> = [];
  const running = await listen(
    http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const refusal = queue.shift();
      if (refusal) {
        seen.push(refusal.status);
        // Read the body first: answering before it is read could reset the connection under the client.
        req.resume();
        req.on('end', () => {
          res.writeHead(refusal.status, { 'Content-Type': 'application/problem+json', ...refusal.headers });
          res.end(
            JSON.stringify({
              type: 'about:blank',
              title: http.STATUS_CODES[refusal.status],
              status: refusal.status,
              detail: `refused by the test proxy (${refusal.status})`,
              message: `refused by the test proxy (${refusal.status})`,
              request_id: `proxy-${seen.length}`,
            }),
          );
        });
        return;
      }
      seen.push('proxied');
      const upstream = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }),
  );
  return { ...running, seen };
}

/** A server that takes requests and never answers them. */
export function silentServer(): Promise<Running> {
  return listen(http.createServer(() => undefined));
}

/** The error `promise` rejects with, checked to be a `type`. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name}, but the call succeeded`);
}
