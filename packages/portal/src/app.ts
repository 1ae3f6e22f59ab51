import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '@byline/domain/config/config';
import { repositoriesOf } from '@byline/shared/store';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { blueskySourcesOf } from '@byline/editorial/bluesky/bluesky-sources';
import { createBlueskySignIn } from './proofs/bluesky-sign-in/bluesky-oauth';
import { blueskyClientRoutes } from './proofs/bluesky-sign-in/bluesky-client-routes';
import { mailingNotifier } from '@byline/editorial/notify/mailing-notifier';
import { notifyIdentityChange } from '@byline/editorial/notify/owner-notifier';
import { DEFAULT_RECHECK_POLICY } from '@byline/domain/proofs/claim-store';
import { createSafeFetch, DEFAULT_OUTBOUND } from '@byline/fetcher';
import { requestContext, requestLog } from '@byline/http';
import { SignInThrottle } from './auth/sign-in-throttle';
import type { PortalContext, PortalDeps } from './deps';
import { createPageFetcher } from './fetch/fetch-page';
import { createActorReader } from '@byline/editorial/authorship/fediverse-actor';
import { PageFetchSlots } from './fetch/page-fetch-slots';
import { checkCsrf, csrfToken } from './http/csrf';
import { requireOwnPassword } from './http/guards';
import { pageErrorHandler, pageNotFound } from './http/page-errors';
import { securityHeaders } from './http/security-headers';
import { loadSession } from './http/sessions';
import { Outbox } from './mail/outbox';
import { ResetRequestThrottle } from './mail/reset-request-throttle';
import { createNetworkSignIn } from './proofs/network-sign-in/network-sign-in';
import { proofRoutes } from './proofs/proof-routes';
import { accountRoutes } from './routes/account-routes';
import { addressProofRoutes } from './routes/address-proof-routes';
import { apiSettingsRoutes } from './routes/api-settings-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { articleRoutes } from './routes/article-routes';
import { assetRoutes } from './routes/asset-routes';
import { badgeRoutes } from './badge/badge-routes';
import { issuerRoutes } from './routes/issuer-routes';
import { credentialRoutes } from './routes/credential-routes';
import { openApiRoutes } from './openapi/openapi-routes';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { formerSlugRoutes } from './routes/former-slug-routes';
import { identityReviewRoutes } from './routes/identity-review-routes';
import { editorRoutes } from './routes/editor-routes';
import { editorDirectoryRoutes } from './routes/editor-directory-routes';
import { editorPublisherRoutes } from './routes/editor-publisher-routes';
import { opsRoutes } from './routes/ops-routes';
import { ownDataRoutes } from './routes/own-data-routes';
import { passwordResetRoutes } from './routes/password-reset-routes';
import { profileRoutes } from './routes/profile-routes';
import { publisherRoutes } from './routes/publisher-routes';
import { publisherLifecycleRoutes } from './routes/publisher-lifecycle-routes';
import { publicRoutes } from './routes/public-routes';
import { staffRoutes } from './routes/staff-routes';
import { DomainCheckThrottle } from './throttles/domain-check-throttle';
import { PageFetchThrottle } from './throttles/page-fetch-throttle';

export const SERVICE_NAME = 'portal';
const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const LOCAL_PUBLIC_URLS = {
  portal: 'http://localhost:8082',
  articleVerifier: 'http://localhost:8080',
  journalistVerifier: 'http://localhost:8081',
};

export function createApp(deps: PortalDeps): Express {
  const outbound = deps.outbound ?? DEFAULT_OUTBOUND;
  const outbox = deps.outbox ?? new Outbox(null, deps.logger);
  const publicUrls = deps.publicUrls ?? LOCAL_PUBLIC_URLS;
  // Without SMTP_URL the outbox sends nothing, so neither does this.
  const notifier =
    deps.notifier ??
    mailingNotifier({
      users: repositoriesOf(deps.store).users,
      portalUrl: publicUrls.portal,
      post: (purpose, compose) => outbox.post(purpose, compose),
    });
  const pageFetchSlots = deps.pageFetchSlots ?? new PageFetchSlots();
  const bluesky = deps.bluesky ?? blueskySourcesOf({ allowedPrivateAddresses: [], dnsServers: [] });
  const ctx: PortalContext = {
    store: deps.store,
    logger: deps.logger,
    outbound,
    fetchPage: pageFetchSlots.bound(deps.fetchPage ?? createPageFetcher(outbound)),
    readActor: deps.readActor ?? createActorReader(outbound),
    pageFetchSlots,
    pageFetchThrottle: deps.pageFetchThrottle ?? new PageFetchThrottle(),
    now: deps.now ?? (() => new Date()),
    sessionTtlMs: deps.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    throttle: deps.throttle ?? new SignInThrottle(),
    domainCheckThrottle: deps.domainCheckThrottle ?? new DomainCheckThrottle(),
    outbox,
    publicUrls,
    notifier,
    resetThrottle: deps.resetThrottle ?? new ResetRequestThrottle(),
    confirmThrottle: deps.confirmThrottle ?? new ResetRequestThrottle(),
    claims: deps.claims ?? repositoriesOf(deps.store).claims,
    proofFetch: deps.proofFetch ?? createSafeFetch(outbound),
    networkSignIn: deps.networkSignIn ?? createNetworkSignIn({}, { outbound }),
    recheckPolicy: deps.recheckPolicy ?? DEFAULT_RECHECK_POLICY,
    domainProofSources: deps.domainProofSources ?? domainProofSourcesOf({ allowedPrivateAddresses: [], dnsServers: [] }),
    bluesky,
    blueskySignIn: deps.blueskySignIn ?? createBlueskySignIn({ portalUrl: publicUrls.portal, outbound, sources: bluesky }),
    trustTxtSources: deps.trustTxtSources ?? null,
    operatorContact: deps.operatorContact ?? null,
    defaultRateLimitPerMinute: deps.defaultRateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    credentialIssuer:
      deps.credentialIssuer ?? credentialIssuerOf({ publicPortalUrl: publicUrls.portal, storeKind: deps.store.kind }),
    // The owner is mailed an editor's decision on their identity change (not their own cancellation).
    onIdentityDecision:
      deps.onIdentityDecision ??
      (({ profileId, action, note }) => {
        if (action !== 'identity-change-cancelled')
          notifyIdentityChange(notifier, profileId, action === 'identity-change-approved', note);
      }),
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestContext(requestLog(deps.logger)));
  app.use(assetRoutes());
  app.use(opsRoutes(deps.store));
  // Other sites embed the badge: it sets its own headers and must set no cookie, so it comes before the pages' middleware.
  app.use(formerSlugRoutes(ctx));
  app.use(badgeRoutes(ctx));
  // Relying parties read the issuer's keys from anywhere: no cookie, no page headers.
  app.use(issuerRoutes(ctx));
  app.use(blueskyClientRoutes(ctx));
  app.use(credentialRoutes(ctx));
  app.use(openApiRoutes(ctx));
  app.use(securityHeaders);
  app.use(cookieParser());
  app.use(express.urlencoded({ extended: false, limit: '200kb' }));
  app.use(loadSession(ctx));
  app.use(csrfToken(publicUrls.portal));
  app.use(checkCsrf);
  app.use(requireOwnPassword);
  app.use(accountRoutes(ctx));
  app.use(passwordResetRoutes(ctx));
  app.use(addressProofRoutes(ctx));
  app.use(profileRoutes(ctx));
  app.use(ownDataRoutes(ctx));
  app.use(proofRoutes(ctx));
  app.use(articleRoutes(ctx));
  app.use(editorRoutes(ctx));
  app.use(identityReviewRoutes(ctx));
  app.use(editorDirectoryRoutes(ctx));
  app.use(editorPublisherRoutes(ctx));
  app.use(publisherRoutes(ctx));
  app.use(publisherLifecycleRoutes(ctx));
  app.use(staffRoutes(ctx));
  app.use(apiSettingsRoutes(ctx));
  app.use(webhookRoutes(ctx));
  app.use(publicRoutes(ctx));
  app.use(pageNotFound);
  app.use(pageErrorHandler(deps.logger));
  return app;
}
