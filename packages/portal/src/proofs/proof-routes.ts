import { Router, type Request, type Response } from 'express';
import type Joi from 'joi';
import { type SocialType } from '@byline/domain/domain/types';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import type { PortalContext } from '../deps';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { render, signedInUser } from '../http/render';
import { completeNetworkProof, signedInAsAnother, startNetworkProof, type NetworkProofDeps } from './network-proof';
import {
  SignInAnswerError,
  SignInError,
  SignInNotConfiguredError,
  SignInRefusedError,
  SignInUnavailableError,
} from './network-sign-in/sign-in-errors';
import { continueToProviderPage } from './proof-pages';
import { redirectWithProofNotice } from './proof-notice';
import { callbackQuerySchema, networkParamsSchema, websiteCheckParamsSchema } from './proof-schema';
import { everyInterval, NETWORK_NAMES, shownValue, SIGN_IN_NOT_STARTED_HERE, spentSignIn } from './proof-wording';
import { checkWebsiteProof } from './website-proof';
import { checkBlueskyProof } from './bluesky-proof';
import { BLUESKY_CALLBACK_PATH, BlueskySignInError } from './bluesky-sign-in/bluesky-oauth';
import { blueskySignInOutcome } from './bluesky-sign-in/bluesky-sign-in-wording';
import { completeBlueskySignIn, startBlueskySignIn, type BlueskySignInProofDeps } from './bluesky-sign-in/bluesky-sign-in-proof';

function valid<T>(schema: Joi.ObjectSchema, input: unknown, otherwise: PageError): T {
  const { value, error } = schema.validate(input, { convert: true });
  if (error) throw otherwise;
  return value as T;
}

function withProfile(user: PortalUser): PortalUser & { profileId: number } {
  if (user.profileId === null) throw new PageError(409, 'Create your profile first; then prove your handles.');
  return user as PortalUser & { profileId: number };
}

/** What the journalist reads when the network sign-in did not prove anything. */
function signInFailure(error: SignInError): PageError {
  const name = NETWORK_NAMES[error.network];
  if (error instanceof SignInNotConfiguredError)
    return new PageError(
      404,
      `Sign-in with ${name} is not configured on this portal. An editor can attest the handle instead when they review your profile.`,
    );
  if (error instanceof SignInUnavailableError) return new PageError(503, `${name} sign-in is not answering; try again later.`);
  if (error instanceof SignInRefusedError) {
    if (error.reason === 'access-denied')
      return new PageError(400, `You did not allow Byline to read your ${name} account, so nothing was proven.`);
    if (error.reason === 'invalid-grant')
      return new PageError(
        400,
        `${name} did not accept this sign-in: it was already used or took too long. Start again from your profile.`,
      );
    return new PageError(400, `${name} did not complete this sign-in, so nothing was proven. Start again from your profile.`);
  }
  if (error instanceof SignInAnswerError)
    return new PageError(400, `${name} did not answer with an account Byline can prove, so nothing was proven.`);
  return new PageError(400, `The sign-in with ${name} did not prove anything. Start again from your profile.`);
}

/** "Sign in with the network" and "Check now" (rel="me"): the journalist's side of proofs (issue 16). */
export function proofRoutes(ctx: PortalContext): Router {
  const router = Router();
  const deps: NetworkProofDeps = {
    claims: ctx.claims,
    proofAttempts: repositoriesOf(ctx.store).proofAttempts,
    networkSignIn: ctx.networkSignIn,
    portalUrl: ctx.publicUrls.portal,
    now: ctx.now,
    notifier: ctx.notifier,
  };
  const networkOf = (req: Request): SocialType =>
    valid<{ network: SocialType }>(networkParamsSchema, req.params, new PageError(404, 'There is no such network.')).network;

  /** Failures are logged with the module's message (never a code, token or secret) before the page is shown. */
  const failed = (req: Request, error: unknown): never => {
    if (!(error instanceof SignInError)) throw error;
    ctx.logger.warn('network sign-in did not prove a handle', {
      request_id: req.id,
      network: error.network,
      kind: error.name,
      ...(error instanceof SignInRefusedError ? { reason: error.reason } : {}),
      error: error.message,
    });
    throw signInFailure(error);
  };

  router.post('/profile/proofs/:network/start', requireUser, async (req, res) => {
    const network = networkOf(req);
    const user = withProfile(signedInUser(res));
    const { authorizationUrl } = await startNetworkProof(deps, user, network).catch((error: unknown) => failed(req, error));
    render(res, `Sign in with ${NETWORK_NAMES[network]}`, continueToProviderPage(NETWORK_NAMES[network], authorizationUrl));
  });

  router.get('/profile/proofs/callback/:network', requireUser, async (req, res) => {
    const network = networkOf(req);
    const user = signedInUser(res);
    const query = valid<{ state: string }>(callbackQuerySchema, req.query, new PageError(400, SIGN_IN_NOT_STARTED_HERE));
    // The address the provider called, on the public address: the request's path and query, never its Host.
    const callbackUrl = `${ctx.publicUrls.portal.replace(/\/+$/, '')}${req.originalUrl}`;
    const result = await completeNetworkProof(deps, user, network, { state: query.state, callbackUrl }).catch((error: unknown) =>
      failed(req, error),
    );
    const name = NETWORK_NAMES[network];
    if (!result.ok) {
      switch (result.reason) {
        case 'unknown':
        case 'another-network':
          throw new PageError(400, SIGN_IN_NOT_STARTED_HERE);
        case 'used':
        case 'expired':
          throw new PageError(400, spentSignIn(result.reason, name));
        case 'another-user':
          throw new PageError(403, 'This sign-in was started by another Byline account. Start again from your own profile.');
        case 'held-by-another':
          throw new PageError(
            409,
            `The ${name} account ${shownValue(network, result.account.username)} is already proven on another Byline profile. If it is yours, ask an editor to move it to this profile.`,
          );
        case 'no-such-profile':
          throw new PageError(404, 'Your profile no longer exists.');
      }
    }
    const proven = shownValue(network, result.account.username);
    const text = signedInAsAnother(network, result.claimedValue, result.account.username)
      ? `You signed in as ${proven}, so ${proven} is now your proven ${name} handle; ${shownValue(network, result.claimedValue)} was not proven.`
      : `Your ${name} handle ${proven} is proven: you signed in with ${name}.`;
    await redirectWithProofNotice(req, res, ctx, { text, tone: 'ok' });
  });

  /**
   * A "Check now" request's claim id and the signed-in person's own profile: the check reads only that profile's
   * claims, so another person's claim id, or none, is `missing` (404).
   */
  async function ownClaimToCheck(req: Request, res: Response, missing: string) {
    const { claimId } = valid<{ claimId: number }>(websiteCheckParamsSchema, req.params, new PageError(404, missing));
    const user = withProfile(signedInUser(res));
    const profile = await repositoriesOf(ctx.store).profiles.findById(user.profileId);
    if (!profile) throw new PageError(404, 'Your profile no longer exists.');
    return { claimId, profile: { id: profile.id, slug: profile.profile_slug } };
  }

  router.post('/profile/proofs/websites/:claimId/check', requireUser, async (req, res) => {
    const missing = 'There is no such website on your profile.';
    const { claimId, profile } = await ownClaimToCheck(req, res, missing);
    const result = await checkWebsiteProof({ ...ctx, portalUrl: ctx.publicUrls.portal }, profile, claimId);
    if (!result.ok && result.reason === 'no-such-claim') throw new PageError(404, missing);
    // Held or failing, the answer is a redirect to the profile page, which shows it next to the claim checked.
    const text = result.ok
      ? `${result.claim.value} is proven: it links back to your public page with rel="me". Byline checks it again ${everyInterval(ctx.recheckPolicy.intervalMs)}.`
      : `${result.claim.value} is not proven yet: ${result.why}.`;
    await redirectWithProofNotice(req, res, ctx, { text, tone: result.ok ? 'ok' : 'error', claimId });
  });

  router.post('/profile/proofs/bluesky/:claimId/check', requireUser, async (req, res) => {
    const missing = 'There is no such Bluesky account on your profile.';
    const { claimId, profile } = await ownClaimToCheck(req, res, missing);
    const result = await checkBlueskyProof({ ...ctx, portalUrl: ctx.publicUrls.portal }, profile, claimId);
    if (!result.ok && result.reason === 'no-such-claim') throw new PageError(404, missing);
    const shown = shownValue('bluesky', result.claim.value);
    const live = (method: string) => result.claim.evidence.some((e) => e.method === method && e.endedAt === null);
    const how =
      live('domain-handle') && !live('rel-me')
        ? 'its handle is the domain of a website you proved'
        : 'its profile links to your public page';
    const text = result.ok
      ? `Your Bluesky account ${shown} is proven: ${how}. Byline checks it again ${everyInterval(ctx.recheckPolicy.intervalMs)}.`
      : `Your Bluesky account ${shown} is not proven yet: ${result.why}.`;
    await redirectWithProofNotice(req, res, ctx, { text, tone: result.ok ? 'ok' : 'error', claimId });
  });

  const blueskyDeps: BlueskySignInProofDeps = {
    claims: ctx.claims,
    proofAttempts: deps.proofAttempts,
    blueskySignIn: ctx.blueskySignIn,
    bluesky: ctx.bluesky,
    recheckPolicy: ctx.recheckPolicy,
    now: ctx.now,
    notifier: ctx.notifier,
  };

  /** A Bluesky sign-in that proved nothing: logged (never a code, token or key), then told on the profile page. */
  const blueskyFailed = async (req: Request, res: Response, error: unknown, claimId?: number) => {
    if (!(error instanceof BlueskySignInError)) throw error;
    ctx.logger.warn('Bluesky sign-in did not prove an account', { request_id: req.id, kind: error.kind, error: error.message });
    await redirectWithProofNotice(req, res, ctx, { ...blueskySignInOutcome({ ok: false, error }), claimId });
  };

  router.post('/profile/proofs/bluesky/:claimId/sign-in', requireUser, async (req, res) => {
    const missing = 'There is no such Bluesky account on your profile.';
    const { claimId } = valid<{ claimId: number }>(websiteCheckParamsSchema, req.params, new PageError(404, missing));
    const user = withProfile(signedInUser(res));
    let started: { authorizationUrl: string } | null;
    try {
      started = await startBlueskySignIn(blueskyDeps, user, claimId);
    } catch (error) {
      return blueskyFailed(req, res, error, claimId);
    }
    if (!started) throw new PageError(404, missing);
    render(res, 'Sign in with Bluesky', continueToProviderPage('Bluesky', started.authorizationUrl));
  });

  router.get(BLUESKY_CALLBACK_PATH, requireUser, async (req, res) => {
    valid(callbackQuerySchema, req.query, new PageError(400, SIGN_IN_NOT_STARTED_HERE));
    // The query as the authorization server sent it (the client reads `state`, `iss` and `code` from it).
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    let result: Awaited<ReturnType<typeof completeBlueskySignIn>>;
    try {
      result = await completeBlueskySignIn(blueskyDeps, signedInUser(res), query);
    } catch (error) {
      return blueskyFailed(req, res, error);
    }
    if (!result.ok && ['unknown', 'another-network'].includes(result.reason)) throw new PageError(400, SIGN_IN_NOT_STARTED_HERE);
    if (!result.ok && result.reason === 'another-user')
      throw new PageError(403, 'This sign-in was started by another Byline account. Start again from your own profile.');
    if (!result.ok && result.reason === 'no-such-profile') throw new PageError(404, 'Your profile no longer exists.');
    if (!result.ok && result.reason === 'another-account')
      ctx.logger.warn('Bluesky sign-in with another account than the one claimed', {
        request_id: req.id,
        claimed: result.claimedDid,
        signed_in: result.did,
      });
    await redirectWithProofNotice(req, res, ctx, blueskySignInOutcome(result));
  });

  return router;
}
