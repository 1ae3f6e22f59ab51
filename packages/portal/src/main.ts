#!/usr/bin/env node
// First, before anything native loads: an older Node.js stops here with what to do, not a bare segfault.
import '@byline/shared/check-node-line';
import { createLogger } from '@byline/domain/logging/logger';
import { loadConfig } from '@byline/domain/config/config';
import { repositoriesOf } from '@byline/shared/store';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { blueskySourcesOf } from '@byline/editorial/bluesky/bluesky-sources';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import { addressPolicyOf, outboundOf, useDnsServers } from '@byline/fetcher';
import { configOrExit, createHttpServer, openStoreOrExit, stopGracefullyOnSignals } from '@byline/http';
import { credentialIssuerOf, issuerSigningKey } from '@byline/domain/credentials/credential-issuer';
import { createApp, SERVICE_NAME } from './app';
import { SignInThrottle } from './auth/sign-in-throttle';
import { Outbox } from './mail/outbox';
import { smtpMailer } from './mail/smtp-mailer';
import { createNetworkSignIn } from './proofs/network-sign-in/network-sign-in';
import { loadSignInConfig } from './proofs/network-sign-in/sign-in-config';
import { DomainCheckThrottle } from './throttles/domain-check-throttle';
import { PageFetchThrottle } from './throttles/page-fetch-throttle';
import { createPortalCounters } from './throttles/portal-counters';

/** Start-up: checked config, stores, HTTP server on PORTAL_PORT, graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  // SIGNIN_* is checked like the rest: a bad value stops the portal with a message naming it.
  const { config, signInConfig } = configOrExit(SERVICE_NAME, () => {
    const config = loadConfig();
    return { config, signInConfig: loadSignInConfig(process.env, addressPolicyOf(config)) };
  });
  useDnsServers(config);
  const outbound = outboundOf(config);
  const logger = createLogger({ level: config.logLevel, service: SERVICE_NAME });
  const store = await openStoreOrExit(config, logger);
  // Behind a TLS-terminating proxy, set TRUST_PROXY so cookies are marked Secure and throttles see client addresses.
  const trustProxy = config.trustProxy;
  // One set of counts for the sign-in, "Check now" and page-read throttles: in Redis (shared by every instance) when REDIS_URL is set.
  const counters = await createPortalCounters({ logger, redisUrl: config.redisUrl });
  const throttle = new SignInThrottle({ counters: counters.counters });
  const domainCheckThrottle = new DomainCheckThrottle({ counters: counters.counters });
  const pageFetchThrottle = new PageFetchThrottle({ counters: counters.counters });
  // SMTP_URL holds a password: only whether mail is on is logged.
  const outbox = new Outbox(config.smtpUrl ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom! }) : null, logger);
  if (!outbox.available)
    logger.warn('password reset by email is off: SMTP_URL is not set', {
      // What "Forgot your password?" tells people instead.
      ask: config.operatorContact ?? 'whoever runs this Byline (set OPERATOR_CONTACT to name a contact)',
    });
  const publicUrls = {
    portal: config.publicPortalUrl,
    articleVerifier: config.publicArticleVerifierUrl,
    journalistVerifier: config.publicJournalistVerifierUrl,
  };
  const claims = repositoriesOf(store).claims;
  const credentialIssuer = credentialIssuerOf({
    publicPortalUrl: config.publicPortalUrl,
    storeKind: store.kind,
    signingKey: config.credentialSigningKey,
    validityMs: config.credentialValidityMs,
  });
  // The issuer's key is in the store before did.json is served: the operator's, or one the embedded store generates.
  if (credentialIssuer.identity.did === null) logger.info('credentials are off', { why: credentialIssuer.identity.why });
  else if (!(await issuerSigningKey(repositoriesOf(store).credentialKeys, credentialIssuer, new Date())))
    logger.info('credentials are off', { why: 'CREDENTIAL_SIGNING_KEY is not set (MongoDB keeps no key of its own)' });
  const networkSignIn = createNetworkSignIn(signInConfig, { outbound });
  const recheckPolicy = recheckPolicyOf(config);
  const app = createApp({
    store,
    claims,
    networkSignIn,
    outbound,
    logger,
    trustProxy,
    throttle,
    domainCheckThrottle,
    pageFetchThrottle,
    outbox,
    publicUrls,
    recheckPolicy,
    domainProofSources: domainProofSourcesOf(config),
    bluesky: blueskySourcesOf(config),
    trustTxtSources: trustTxtSourcesOf(config),
    operatorContact: config.operatorContact,
    defaultRateLimitPerMinute: config.rateLimitPerMinute,
    credentialIssuer,
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
      await counters.close();
      await repositoriesOf(store).close();
    },
  };
  stopGracefullyOnSignals(server, bothStores, logger);
}

void main();
