#!/usr/bin/env node
// First, before anything native loads: an older Node.js stops here with what to do, not a bare segfault.
import '@byline/shared/check-node-line';
import { createLogger } from '@byline/domain/logging/logger';
import { loadConfig } from '@byline/domain/config/config';
import { BYLINE_BOT_USER_AGENT, robotsFetcherFrom } from '@byline/editorial/attribution/robots-txt';
import { createPageFetcher } from '@byline/editorial/authorship/fetch-page';
import { createActorReader } from '@byline/editorial/authorship/fediverse-actor';
import { repositoriesOf } from '@byline/shared/store';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { blueskySourcesOf } from '@byline/editorial/bluesky/bluesky-sources';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import { recheckHolder, recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import { rechecksOf } from '@byline/editorial/recheck/rechecks';
import { DELIVERY_TIMEOUT_MS } from '@byline/editorial/webhooks/deliver';
import { createSafeFetch, outboundOf, useDnsServers } from '@byline/fetcher';
import { configOrExit, createHttpServer, openStoreOrExit, stopGracefullyOnSignals } from '@byline/http';
import { createOpsApp } from './ops-app';
import { workerNotifier } from './owner-mail';
import { startRecheckLoop } from './recheck-loop';
import { startWebhookLoop } from './webhook-loop';
import { startCredentialLoop } from './credential-loop';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { createWorkerMetrics } from './worker-metrics';
import { startBlueskyVerificationLoop, type BlueskyVerificationLoop } from './bluesky-verification-loop';
import { BlueskyVerificationPublishing, displayNameReaderOf } from '@byline/editorial/bluesky/bluesky-verification-publishing';
import { blueskyVerifierAccount } from '@byline/editorial/bluesky/bluesky-verifier-account';

const SERVICE_NAME = 'worker';

/** How soon a change's webhook event leaves: the webhook loop's pause between runs (acceptance: within 5 s). */
const WEBHOOK_POLL_INTERVAL_MS = 1_000;
/** How soon a change's credential is issued, or its revocation published (acceptance: within 10 s). */
const CREDENTIAL_POLL_INTERVAL_MS = 1_000;
/** How soon a change's Bluesky verification record is published, re-issued or deleted. */
const BLUESKY_VERIFICATION_POLL_INTERVAL_MS = 2_000;
/** A write to Byline's PDS is a few hundred bytes each way; a slow PDS fails the attempt, retried later. */
const VERIFIER_PDS_TIMEOUT_MS = 10_000;

/**
 * Start-up: checked config, store, claims and re-checks, the ops server on WORKER_PORT, then the re-check loop and the webhook loop.
 * SIGTERM/SIGINT: the run in progress is aborted (its unrecorded checks' leases expire), the server and the
 * stores close, exit 0. Any number of replicas may run at once: see startRecheckLoop.
 */
async function main(): Promise<void> {
  const config = configOrExit(SERVICE_NAME, () => loadConfig());
  useDnsServers(config);
  const logger = createLogger({ level: config.logLevel, service: SERVICE_NAME });
  // Like the services: never waits for MongoDB; /readyz answers 503 and runs fail (and are retried) until it answers.
  const store = await openStoreOrExit(config, logger);
  const claims = repositoriesOf(store).claims;
  // The proofs due a check are items of the leased queue: any number of replicas take them one at a time.
  const rechecks = rechecksOf(repositoriesOf(store));
  // A lapse that leaves a verified profile without a live proof unverifies it and puts it in the editors' queue.
  const { profiles, verification, users } = repositoriesOf(store);
  const smtp = config.smtpUrl ? { url: config.smtpUrl, from: config.mailFrom! } : null;
  const notifier = workerNotifier(smtp, { users, portalUrl: config.publicPortalUrl, logger });
  const metrics = createWorkerMetrics(SERVICE_NAME);

  const server = createHttpServer(createOpsApp(store, metrics, logger), logger).listen(config.workerPort, config.host);
  server.on('listening', () => logger.info('listening', { url: `http://localhost:${config.workerPort}`, store: store.kind }));
  server.on('error', (error) => {
    logger.error('cannot listen', { error: error.message });
    process.exit(1);
  });

  const holder = recheckHolder(SERVICE_NAME);
  const outbound = outboundOf(config);
  const loop = startRecheckLoop({
    rechecks,
    claims,
    profiles,
    verification,
    // The pages are addresses people typed: private and local networks are refused, but for ALLOWED_PRIVATE_ADDRESSES.
    fetch: createSafeFetch(outbound),
    // Bluesky accounts by DID: DNS_SERVERS, the same outbound rules, BLUESKY_PLC_URL.
    bluesky: { sources: blueskySourcesOf(config), claims },
    // Article pages are read by the portal's rules (createPageFetcher), so a re-check judges them as the first check did.
    // The fediverse accounts pages name are read by the same rules: their attributionDomains may allow a page too.
    articles: {
      sources: repositoriesOf(store),
      queue: repositoriesOf(store).queue,
      fetchPage: createPageFetcher(outbound),
      readActor: createActorReader(outbound),
    },
    // Publishers' proven domains, by their TXT record (DNS_SERVERS) or well-known file (the same outbound rules),
    // and their trust.txt read again after each check.
    domains: {
      publisherDomains: repositoriesOf(store).publisherDomains,
      publisherHistory: repositoriesOf(store).publisherHistory,
      queue: repositoriesOf(store).queue,
      sources: domainProofSourcesOf(config),
      trust: trustTxtSourcesOf(config),
    },
    // Unknown articles that v2 lookups found on verified outlets: their pages read as BylineBot, robots.txt honoured.
    attribution: {
      queue: repositoriesOf(store).queue,
      publishers: repositoriesOf(store).publishers,
      publisherDomains: repositoriesOf(store).publisherDomains,
      staff: repositoriesOf(store).staff,
      sources: repositoriesOf(store),
      fetchPage: createPageFetcher({ ...outbound, userAgent: BYLINE_BOT_USER_AGENT }),
      fetchRobots: robotsFetcherFrom(config),
    },
    portalUrl: config.publicPortalUrl,
    policy: recheckPolicyOf(config),
    holder,
    notifier,
    pollIntervalMs: config.workerPollIntervalMs,
    logger,
    metrics,
  });
  // Webhooks: the events changes wrote, fanned out and delivered by the same outbound rules (ALLOWED_PRIVATE_ADDRESSES),
  // checked at connect time so an endpoint whose name later resolves to a private address is refused then.
  const webhookLoop = startWebhookLoop({
    webhookEndpoints: repositoriesOf(store).webhookEndpoints,
    webhookDeliveries: repositoriesOf(store).webhookDeliveries,
    queue: repositoriesOf(store).queue,
    accounts: repositoriesOf(store).apiAccounts,
    database: store.database,
    // Only the start of an answer is read (its excerpt): a large one declared by its length is no failure.
    fetch: createSafeFetch({ ...outbound, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: 64 * 1024 * 1024 }),
    holder,
    pollIntervalMs: WEBHOOK_POLL_INTERVAL_MS,
    logger,
  });
  // Journalists' credentials: issued when their claims change, revoked when a change withdraws one, the status lists
  // published; one replica at a time (the issuer's lease on the queue).
  const credentialIssuer = credentialIssuerOf({
    publicPortalUrl: config.publicPortalUrl,
    storeKind: store.kind,
    signingKey: config.credentialSigningKey,
    validityMs: config.credentialValidityMs,
  });
  const credentialLoop = startCredentialLoop({
    issuance: new CredentialIssuance(repositoriesOf(store).journalistCredentials, credentialIssuer, config.publicPortalUrl),
    queue: repositoriesOf(store).queue,
    holder,
    pollIntervalMs: CREDENTIAL_POLL_INTERVAL_MS,
    logger,
  });
  // Byline as a Bluesky trusted verifier, when the operator configured its account: one replica at a time (the
  // publisher's lease), the records following what re-renders noted.
  let blueskyLoop: BlueskyVerificationLoop | null = null;
  if (config.blueskyVerifier) {
    const publishing = new BlueskyVerificationPublishing({
      verifications: repositoriesOf(store).blueskyVerifications,
      account: blueskyVerifierAccount(
        config.blueskyVerifier,
        createSafeFetch({ ...outbound, timeoutMs: VERIFIER_PDS_TIMEOUT_MS, maxBytes: 64 * 1024 }),
      ),
      displayNameOf: displayNameReaderOf(blueskySourcesOf(config)),
      lookAgainMs: config.recheckIntervalMs,
    });
    blueskyLoop = startBlueskyVerificationLoop({
      publishing,
      queue: repositoriesOf(store).queue,
      holder,
      pollIntervalMs: BLUESKY_VERIFICATION_POLL_INTERVAL_MS,
      logger,
      onRun: ({ summary }) => summary && metrics.blueskyRunFinished(summary),
    });
    metrics.observeBlueskyPublishing(() => publishing.state());
    // The account and the PDS, never the app password.
    logger.info('publishing Bluesky verification records', {
      account: config.blueskyVerifier.identifier,
      pds: config.blueskyVerifier.pdsUrl,
    });
  }
  logger.info('re-checking rel="me" proofs, article pages and publisher domains; attributing articles', {
    holder,
    intervalMs: config.recheckIntervalMs,
    graceMs: config.recheckGraceMs,
    retryMs: config.recheckRetryMs,
    pollIntervalMs: config.workerPollIntervalMs,
  });

  // First, so the run stops at once; the graceful stop below then closes the server and waits for the loop.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      void loop.stop();
      void webhookLoop.stop();
      void credentialLoop.stop();
      void blueskyLoop?.stop();
    });
  }
  stopGracefullyOnSignals(
    server,
    {
      close: async () => {
        await loop.stop();
        await webhookLoop.stop();
        await credentialLoop.stop();
        await blueskyLoop?.stop();
        await claims.close();
        await store.close();
      },
    },
    logger,
  );
}

void main();
