import { Router, type RequestHandler, type Response } from 'express';
import Joi from 'joi';
import { repositoriesOf } from '@byline/shared/store';
import {
  confirmAddress,
  confirmationFor,
  CONFIRM_PATH,
  issueConfirmLink,
  provenAddress,
  type ConfirmPurpose,
} from '@byline/editorial/use-cases/address-proof';
import { SIGN_UP_PURPOSES } from '@byline/editorial/use-cases/sign-up-purpose';
import type { PortalContext } from '../deps';
import { requireUser } from '../http/guards';
import { csrfTokenOf, currentUser, render, signedInUser } from '../http/render';
import { endSession, startSession } from '../http/sessions';
import { confirmMail } from '../mail/address-mail';
import { startAs } from '../use-cases/sign-in';
import {
  ADDRESS_PAGE_PATH,
  addressPage,
  confirmLinkDeadPage,
  confirmPage,
  type AddressPageState,
} from '../views/address-proof-pages';

/** A link's token: 32 random bytes, base64url. Anything else is not worth a store lookup. */
const token = Joi.string()
  .pattern(/^[\w-]{43}$/)
  .required();
const tokenOf = (raw: unknown): string | undefined => (token.validate(raw).error ? undefined : (raw as string));
const purposeOf = (raw: unknown): ConfirmPurpose => SIGN_UP_PURPOSES.find((purpose) => purpose === raw) ?? 'journalist';

/** The signed-in person's address page, for them as they are now. */
function addressState(res: Response, ctx: PortalContext, extra: Partial<AddressPageState> = {}): AddressPageState {
  const user = signedInUser(res);
  return {
    csrf: csrfTokenOf(res),
    email: user.email,
    proven: provenAddress(user) !== null,
    mailAvailable: ctx.outbox.available,
    operatorContact: ctx.operatorContact,
    ...extra,
  };
}

/**
 * For the pages that reach something by the signed-in person's address (their API account: keys, origins,
 * webhooks, usage): an unproven address gets the page that says why, and how to prove it, with 403.
 */
export function requireProvenAddress(ctx: PortalContext): RequestHandler {
  return (_req, res, next) => {
    const user = currentUser(res);
    if (!user || provenAddress(user) !== null) return next();
    const reason = 'API settings are reached by your email address: your API account is the one that address holds.';
    render(res, 'Confirm your email address', addressPage(addressState(res, ctx, { reason })), 403);
  };
}

/** The confirmation link's page and form, and the signed-in person's address page with "Send the link again". */
export function addressProofRoutes(ctx: PortalContext): Router {
  const { outbox, publicUrls, now } = ctx;
  const repositories = repositoriesOf(ctx.store);
  const router = Router();
  const dead = (res: Response) => render(res, 'Link expired', confirmLinkDeadPage(), 410);

  // Opening the link changes nothing (mail scanners open links too): its form, with the password, does.
  router.get(CONFIRM_PATH, async (req, res) => {
    const given = tokenOf(req.query.token);
    const user = given ? await confirmationFor(repositories, given, now()) : null;
    if (!given || !user) return dead(res);
    const page = confirmPage({ csrf: csrfTokenOf(res), token: given, email: user.email, purpose: purposeOf(req.query.for) });
    render(res, 'Confirm your email address', page);
  });

  router.post(CONFIRM_PATH, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const given = tokenOf(body.token);
    if (!given) return dead(res);
    const purpose = purposeOf(body.for);
    const password = typeof body.password === 'string' ? body.password.slice(0, 200) : '';
    const outcome = await confirmAddress(repositories, given, password, now());
    if (!outcome.ok && outcome.reason === 'dead') return dead(res);
    if (!outcome.ok) {
      const user = await confirmationFor(repositories, given, now());
      if (!user) return dead(res);
      const errors = { password: password ? 'This is not the password of this account' : 'Enter your password' };
      const page = confirmPage({ csrf: csrfTokenOf(res), token: given, email: user.email, purpose, errors });
      return render(res, 'Confirm your email address', page, 422);
    }
    // Whoever was signed in on this browser before is signed out: the session is the confirmed account's.
    await endSession(req, res, ctx);
    await startSession(req, res, ctx, outcome.user);
    res.redirect(303, await startAs(repositories.apiAccounts, outcome.user, purpose, now()));
  });

  router.get(ADDRESS_PAGE_PATH, requireUser, (_req, res) =>
    render(res, 'Your email address', addressPage(addressState(res, ctx))),
  );

  router.post(`${ADDRESS_PAGE_PATH}/link`, requireUser, (req, res) => {
    const user = signedInUser(res);
    if (provenAddress(user) !== null || !outbox.available) return res.redirect(303, ADDRESS_PAGE_PATH);
    const at = now();
    const wait = ctx.confirmThrottle.addressRetryAfterSeconds(req.ip ?? 'unknown', at.getTime());
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      const message = `Too many requests from your address. Try again in ${Math.ceil(wait / 60)} minute(s).`;
      return render(res, 'Confirm your email address', addressPage(addressState(res, ctx, { message })), 429);
    }
    // Mails to one address are counted as reset mails are: beyond the limit the page still says sent, and nothing goes.
    if (ctx.confirmThrottle.mayMail(user.email, at.getTime())) {
      outbox.post('address confirmation', async () => {
        const issued = await issueConfirmLink(repositories, user.email, publicUrls.portal, at);
        return issued.status === 'issued' ? confirmMail(issued) : null;
      });
    }
    const notice = `We have sent a new link to ${user.email}. It works once, within 24 hours.`;
    render(res, 'Confirm your email address', addressPage(addressState(res, ctx, { notice })));
  });

  return router;
}
