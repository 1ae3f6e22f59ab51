import type { Server } from 'node:http';
import type { Express } from 'express';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { createLogger, type Logger } from '../logging/logger';
import { openStore } from '../store/open-store';
import type { ServiceDeps } from './service-app';

export const SHUTDOWN_GRACE_MS = 10_000;

export interface ServiceDefinition {
  name: string;
  port: (config: Config) => number;
  createApp: (deps: ServiceDeps) => Express;
}

/** Start-up for a verifier process: checked config, store, HTTP server, graceful stop on SIGTERM/SIGINT. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, service: definition.name });
  const store = await openStore(config);
  const app = definition.createApp({ store, logger, authCacheTtlMs: config.authCacheTtlMs });
  const server = app.listen(definition.port(config), config.host);
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : definition.port(config);
    logger.info('listening', { url: `http://localhost:${port}`, store: store.kind });
  });
  server.on('error', (error) => {
    logger.error('cannot listen', { error: error.message });
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutdown(server, store, logger, signal));
  }
}

async function shutdown(server: Server, store: ServiceDeps['store'], logger: Logger, signal: string): Promise<void> {
  logger.info('shutting down', { signal });
  const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forced);
  await store.close();
  logger.info('stopped');
  process.exit(0);
}
