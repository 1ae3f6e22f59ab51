#!/usr/bin/env node
import { ConfigError, createLogger, loadConfig, openStore } from '@byline/shared';
import { stopGracefullyOnSignals } from '@byline/shared/http';
import { createApp, SERVICE_NAME } from './app';
import { openPortalStore } from './open-portal-store';

/** Start-up: checked config, stores, HTTP server on PORTAL_PORT, graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${SERVICE_NAME}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, service: SERVICE_NAME });
  const store = await openStore(config);
  const portalStore = openPortalStore(store);
  // Behind a TLS-terminating proxy, set TRUST_PROXY so cookies are marked Secure.
  const trustProxy = process.env.TRUST_PROXY
    ? /^\d+$/.test(process.env.TRUST_PROXY)
      ? Number(process.env.TRUST_PROXY)
      : process.env.TRUST_PROXY
    : false;
  const app = createApp({ store, portalStore, logger, trustProxy });
  const server = app.listen(config.portalPort, config.host);
  server.on('listening', () => logger.info('listening', { url: `http://localhost:${config.portalPort}`, store: store.kind }));
  server.on('error', (error) => {
    logger.error('cannot listen', { error: error.message });
    process.exit(1);
  });
  const bothStores = {
    close: async () => {
      await portalStore.close();
      await store.close();
    },
  };
  stopGracefullyOnSignals(server, bothStores, logger);
}

void main();
