import type { Express } from 'express';
import { loadConfig, type Config } from '@byline/domain/config/config';
import { serviceRepositoriesOf } from '@byline/shared';
import { useDnsServers } from '@byline/fetcher/name-resolver';
import { createLogger } from '@byline/domain/logging/logger';
import { createHttpServer } from '../client-errors';
import { closingRateLimitingFirst, createRateLimiting } from '../rate-limit-setup';
import { stopGracefullyOnSignals } from './graceful-shutdown';
import { configOrExit, openStoreOrExit } from './start-up';
import type { ServiceDeps } from './service-app';
import { issuerIdentityOf } from '@byline/domain/credentials/issuer';

export { SHUTDOWN_GRACE_MS, stopGracefullyOnSignals } from './graceful-shutdown';
export { configOrExit, openStoreOrExit } from './start-up';

export interface ServiceDefinition {
  name: string;
  port: (config: Config) => number;
  /** The service's public base address, for its OpenAPI document's `servers`. */
  publicUrl: (config: Config) => string;
  createApp: (deps: ServiceDeps) => Express;
}

/**
 * The portal's address when it names an issuer (an https domain: see issuerIdentityOf), else null. The verifiers
 * never hold the signing key: the worker signs, and a portal whose operator left the key out answers 404 there.
 */
function credentialsAtOf(config: Config): string | null {
  return issuerIdentityOf(config.publicPortalUrl).did === null ? null : config.publicPortalUrl;
}

/** Start-up for a verifier process: checked config, store, HTTP server, graceful stop on SIGTERM/SIGINT. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = configOrExit(definition.name, () => loadConfig());
  useDnsServers(config);
  const logger = createLogger({ level: config.logLevel, service: definition.name });
  // Never waits for a remote database: with MongoDB down, the service starts, /readyz answers 503 and
  // the store keeps retrying in the background (logged), becoming ready when the database returns.
  const store = await openStoreOrExit(config, logger);
  const rateLimiting = await createRateLimiting({
    usage: serviceRepositoriesOf(store).usage,
    logger,
    perMinute: config.rateLimitPerMinute,
    authFailuresPerMinute: config.authFailuresPerMinute,
    redisUrl: config.redisUrl,
  });
  const closing: (() => Promise<void>)[] = [];
  const app = definition.createApp({
    onClose: (task) => void closing.push(task),
    store,
    logger,
    authCacheTtlMs: config.authCacheTtlMs,
    answerCacheBytes: config.answerCacheBytes,
    rateLimiting,
    trustProxy: config.trustProxy,
    publicUrl: definition.publicUrl(config),
    credentialsAt: credentialsAtOf(config),
  });
  // Not app.listen: the answers Node gives itself (431, 400 for a malformed request…) become problem+json too.
  const server = createHttpServer(app, logger).listen(definition.port(config), config.host);
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : definition.port(config);
    logger.info('listening', { url: `http://localhost:${port}`, store: store.kind });
  });
  server.on('error', (error) => {
    logger.error('cannot listen', { error: error.message });
    process.exit(1);
  });
  stopGracefullyOnSignals(server, closingRateLimitingFirst(store, rateLimiting, closing), logger);
}
