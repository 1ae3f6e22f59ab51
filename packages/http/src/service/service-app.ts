import express, { type Express, type Router } from 'express';
import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import type { Logger } from '@byline/domain/logging/logger';
import type { Store } from '@byline/domain/store/store';
import { errorHandler, notFound } from '../error-handler';
import { createMetrics, type Metrics } from '../metrics';
import type { OpenApiDocument } from '../openapi';
import type { RateLimiting } from '../rate-limit';
import { opsRoutes } from '../ops-routes';
import { requestContext, requestLog } from '../request-context';

export interface ServiceDeps {
  store: Store;
  /**
   * What credentials and web origins are checked against: serviceRepositoriesOf(store).apiCredentials when absent (tests pass a
   * view of it that counts or fails its reads).
   */
  apiCredentials?: ApiCredentials;
  logger: Logger;
  /** See Config.authCacheTtlMs; defaults to 1000. */
  authCacheTtlMs?: number;
  /** See Config.answerCacheBytes; defaults to DEFAULT_ANSWER_CACHE_BYTES (0: no answers kept). */
  answerCacheBytes?: number;
  /** The clock the credential and origin caches expire by (Date.now); tests pass one they move forward. */
  now?: () => number;
  /** Per-key rate limits and usage counts (createRateLimiting); each operation router makes an in-memory one when absent. */
  rateLimiting?: RateLimiting;
  /** Express "trust proxy" (Config.trustProxy): behind a proxy, which one's X-Forwarded-For names the client address. */
  trustProxy?: boolean | number | string;
  /** The service's public base address (Config.public…Url), the `servers` entry of its OpenAPI document. */
  publicUrl?: string;
  /**
   * The portal's public address where it issues journalists' signed credentials (an https domain: see
   * issuerIdentityOf), so that v2 answers name each verified author's; absent or null: none is named.
   */
  credentialsAt?: string | null;
  /** Registers work to finish when the service stops, before its store closes (what routes write in batches). */
  onClose?: (task: () => Promise<void>) => void;
}

export interface ServiceParts {
  name: string;
  routes: Router;
  /** The app's metrics, when its routes count something of their own in them (createMetrics(name)). */
  metrics?: Metrics;
  openApi: OpenApiDocument;
}

/** The frame both verifiers share: request id, metrics and request log, the service's own routes, ops routes, 404, one error handler. */
export function createServiceApp(
  { store, logger, trustProxy }: ServiceDeps,
  { name, routes, openApi, metrics = createMetrics(name) }: ServiceParts,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The client address counts failed authentications; behind a proxy it comes from X-Forwarded-For only when trusted.
  app.set('trust proxy', trustProxy ?? false);
  app.use(requestContext(metrics.record, requestLog(logger)));
  // The service's own routes first: every verification would otherwise pass the ops routes' layers.
  app.use(routes);
  app.use(opsRoutes(store, metrics, openApi));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
