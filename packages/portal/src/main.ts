#!/usr/bin/env node
import {
  openPortalStore,
  ConfigError,
  createLogger,
  loadConfig,
  openClaimStore,
  openStore,
  recheckPolicyOf,
} from '@byline/shared';
import { createHttpServer, stopGracefullyOnSignals } from '@byline/shared/http';
import { createApp, SERVICE_NAME } from './app';
import { createSignInThrottle } from './auth/create-sign-in-throttle';
import { Outbox } from './mail/outbox';
import { smtpMailer } from './mail/smtp-mailer';
import { createNetworkSignIn } from './proofs/network-sign-in/network-sign-in';
import { loadSignInConfig } from './proofs/network-sign-in/sign-in-config';

/** Start-up: checked config, stores, HTTP server on PORTAL_PORT, graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  let signInConfig;
  try {
    config = loadConfig();
    // SIGNIN_* is checked like the rest: a bad value stops the portal with a message naming it.
    signInConfig = loadSignInConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${SERVICE_NAME}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, service: SERVICE_NAME });
  const store = await openStore(config, { logger });
  const portalStore = openPortalStore(store);
  // Behind a TLS-terminating proxy, set TRUST_PROXY so cookies are marked Secure and throttles see client addresses.
  const trustProxy = config.trustProxy;
  const throttle = await createSignInThrottle({ logger, redisUrl: config.redisUrl });
  // SMTP_URL holds a password: only whether mail is on is logged.
  const outbox = new Outbox(config.smtpUrl ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom! }) : null, logger);
  if (!outbox.available) logger.warn('password reset by email is off: SMTP_URL is not set');
  const publicUrls = {
    portal: config.publicPortalUrl,
    articleVerifier: config.publicArticleVerifierUrl,
    journalistVerifier: config.publicJournalistVerifierUrl,
  };
  const claims = openClaimStore(store);
  const networkSignIn = createNetworkSignIn(signInConfig);
  const recheckPolicy = recheckPolicyOf(config);
  const app = createApp({
    store,
    portalStore,
    claims,
    networkSignIn,
    logger,
    trustProxy,
    throttle,
    outbox,
    publicUrls,
    recheckPolicy,
    defaultRateLimitPerMinute: config.rateLimitPerMinute,
  });
  const server = createHttpServer(app, logger).listen(config.portalPort, config.host);
  server.on('listening', () => logger.info('listening', { url: `http://localhost:${config.portalPort}`, store: store.kind }));
  server.on('error', (error) => {
    logger.error('cannot listen', { error: error.message });
    process.exit(1);
  });
  const bothStores = {
    close: async () => {
      await outbox.settled();
      await throttle.close();
      await claims.close();
      await portalStore.close();
      await store.close();
    },
  };
  stopGracefullyOnSignals(server, bothStores, logger);
}

void main();
