import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { removePublisherDomain } from '@byline/editorial/publisher-domains/remove-publisher-domain';
import { txtRecordNameOf } from '@byline/editorial/publisher-domains/domain-token';
import { type DomainCheckOutcome } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { type Publisher } from '@byline/domain/publishers/publishers-repository';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { putFlash, takeFlash } from '../http/sessions';
import { everyInterval } from '../proofs/proof-wording';
import type { DomainCheckRefusal } from '../throttles/domain-check-throttle';
import {
  addPublisherDomain,
  administers,
  checkDomainNow,
  createPublisher,
  TOO_MANY_PUBLISHERS,
  mayView,
  publisherPageData,
  readTrustAgain,
  TAKEN_NAME,
  type TrustReading,
  verificationAskedAt,
} from '../use-cases/publishers';
import { staffRows } from '../use-cases/staff';
import { actorNamerFor, historyNamed, textsOfHistory } from '../use-cases/actor-names';
import {
  publisherPage,
  publisherPath,
  publishersPage,
  removeDomainPage,
  type PublisherNotice,
  type PublisherPageState,
} from '../views/publisher-pages';
import { newDomainSchema, newPublisherSchema, publisherDomainParamsSchema, publisherParamsSchema } from './publisher-schema';

const NO_SUCH_PUBLISHER = 'There is no such publisher.';
const NO_SUCH_DOMAIN = 'This publisher has no such domain.';
/** Said to anyone else who may see the publisher (an editor) at its admin's forms. */
export const ADMIN_ONLY = 'Only the publisher’s admin manages its domains.';
/** The confirmation a remove form carries: without it, the remove page asks first. */
const REMOVE_CONFIRMATION = 'remove';

interface PublisherFlash {
  publisherNotice: PublisherNotice;
}

/** The publisher the path names, when the user may see it; a 404 otherwise, so its existence is not told. */
export async function visiblePublisher(ctx: PortalContext, user: PortalUser, params: unknown): Promise<Publisher> {
  const { value, error } = publisherParamsSchema.validate(params, { allowUnknown: true });
  if (error) throw new PageError(404, NO_SUCH_PUBLISHER);
  const publisher = await repositoriesOf(ctx.store).publishers.findBySlug((value as { slug: string }).slug);
  if (!publisher || !mayView(user, publisher)) throw new PageError(404, NO_SUCH_PUBLISHER);
  return publisher;
}

/**
 * The publisher the path names, for its admin only: anyone else who may see it (an editor) is refused with
 * `refusal`, which says what only the admin manages there.
 */
export async function administeredPublisher(ctx: PortalContext, res: Response, params: unknown, refusal = ADMIN_ONLY) {
  const user = signedInUser(res);
  const publisher = await visiblePublisher(ctx, user, params);
  if (!administers(user, publisher)) throw new PageError(403, refusal);
  return { user, publisher };
}

/** A publisher's page, with what an action just did or why a form was refused. */
export async function showPublisher(
  ctx: PortalContext,
  res: Response,
  publisher: Publisher,
  extra: Partial<
    Pick<
      PublisherPageState,
      'notice' | 'domainForm' | 'domainErrors' | 'decisionProblem' | 'inviteForm' | 'inviteErrors' | 'askForm' | 'askErrors'
    >
  > = {},
  status = 200,
): Promise<void> {
  const user = signedInUser(res);
  const repositories = repositoriesOf(ctx.store);
  const [data, staff] = await Promise.all([
    publisherPageData(repositories, publisher),
    repositories.staff.ofPublisher(publisher.id).then((affiliations) => staffRows(repositories, affiliations)),
  ]);
  const askedAt = verificationAskedAt(data.history);
  // Its admin sees the editors who decided on it by role (editors see the record as kept: see actorNamerFor).
  if (user.role !== 'editor') {
    const { verifiedBy } = data.publisher;
    const name = await actorNamerFor(repositories, user.email, [verifiedBy, ...textsOfHistory(data.history)]);
    data.history = historyNamed(data.history, name);
    data.publisher = { ...data.publisher, verifiedBy: verifiedBy === null ? null : name(verifiedBy) };
  }
  render(
    res,
    publisher.name,
    publisherPage({
      csrf: csrfTokenOf(res),
      ...data,
      staff,
      viewerEmail: user.email,
      askedAt,
      admin: administers(user, publisher),
      editor: user.role === 'editor',
      recheckIntervalMs: ctx.recheckPolicy.intervalMs,
      trustReadable: ctx.trustTxtSources !== null,
      ...extra,
    }),
    status,
  );
}

/** Post/redirect/get back to the publisher's page, which shows the notice once. */
export async function backToPublisher(
  req: Request,
  res: Response,
  ctx: PortalContext,
  publisher: Pick<Publisher, 'slug'>,
  notice: PublisherNotice,
) {
  await putFlash(req, ctx, { publisherNotice: notice } satisfies PublisherFlash);
  res.redirect(303, `${publisherPath(publisher)}?done=1`);
}

function takeNotice(flash: unknown): PublisherNotice | undefined {
  const notice = (flash as Partial<PublisherFlash> | undefined)?.publisherNotice;
  if (!notice || typeof notice.text !== 'string' || (notice.tone !== 'ok' && notice.tone !== 'error')) return undefined;
  return { text: notice.text, tone: notice.tone };
}

/** What "Check now" found, as the flash says it. */
function checkNotice(domain: string, found: DomainCheckOutcome, intervalMs: number): PublisherNotice {
  switch (found.outcome) {
    case 'proven': {
      const how = found.method === 'dns-txt' ? `its DNS TXT record ${txtRecordNameOf(domain)}` : 'its well-known file';
      return {
        tone: 'ok',
        text: `${domain} is proven by ${how}. Byline checks it again ${everyInterval(intervalMs)}; keep the proof in place.`,
      };
    }
    case 'failing':
      return {
        tone: 'error',
        text: found.wasProven
          ? `${domain} is failing its proof (it still counts until its grace period ends): ${found.failure}`
          : `${domain} is not proven yet: ${found.failure}`,
      };
    case 'lapsed':
      return { tone: 'error', text: `${domain} lapsed: its proof failed past the grace period. ${found.failure}` };
    case 'taken':
      return {
        tone: 'error',
        text: `${domain} is proven by another publisher, so it was not proven here. If the domain is yours, ask a Byline editor.`,
      };
    case 'missing':
      throw new PageError(404, NO_SUCH_DOMAIN);
  }
}

/** Why "Check now" did not check, and when to try again. */
function tooSoonNotice(domain: string, turn: DomainCheckRefusal): PublisherNotice {
  const again = `try again in ${turn.wait === 1 ? '1 second' : `${turn.wait} seconds`}`;
  return {
    tone: 'error',
    text:
      turn.limit === 'domain'
        ? `${domain} was checked moments ago, so it was not checked again: ${again}.`
        : `You have asked for many checks in the last minute, so ${domain} was not checked: ${again}.`,
  };
}

/** What "Read trust.txt again" found, as the flash says it. */
function trustNotice(reading: TrustReading): PublisherNotice {
  if (!reading.read) {
    if (reading.reason === 'too-soon') {
      const seconds = Math.ceil(reading.retryAfterMs / 1000);
      return {
        tone: 'error',
        text: `trust.txt was read less than a minute ago, so it was not read again: try again in ${seconds} s.`,
      };
    }
    return { tone: 'error', text: 'No domain is proven yet: trust.txt is read from a proven domain, so nothing was read.' };
  }
  const { trust } = reading;
  if (trust.failure !== null) return { tone: 'error', text: `No trust.txt could be read for ${trust.domain}.` };
  const problems = trust.errors.length
    ? ` It has ${trust.errors.length === 1 ? 'an error' : `${trust.errors.length} errors`}.`
    : '';
  return { tone: 'ok', text: `trust.txt is read again from ${trust.url ?? trust.domain}.${problems}` };
}

/** The publishers a person administers: creating them, proving their domains, and their history. */
export function publisherRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const { publishers, publisherDomains, publisherHistory, queue } = repositories;
  const router = Router();
  router.use('/publishers', requireUser);

  /** The publisher and the domain the path names, for its admin only (an editor may look, not change). */
  async function administeredDomain(req: Request, res: Response) {
    const { user, publisher } = await administeredPublisher(ctx, res, req.params);
    const { value, error } = publisherDomainParamsSchema.validate(req.params);
    if (error) throw new PageError(404, NO_SUCH_DOMAIN);
    const domain = await publisherDomains.findDomain(publisher.id, (value as { domain: string }).domain);
    if (!domain) throw new PageError(404, NO_SUCH_DOMAIN);
    return { user, publisher, domain };
  }

  router.get('/publishers', async (req, res) => {
    const mine = await publishers.administeredBy(signedInUser(res).id);
    const flash = req.query.done === '1' ? await takeFlash<{ publishersNotice?: unknown }>(req, ctx) : undefined;
    const notice = typeof flash?.publishersNotice === 'string' ? flash.publishersNotice : undefined;
    render(res, 'Publishers', publishersPage({ csrf: csrfTokenOf(res), publishers: mine, notice }));
  });

  router.post('/publishers', async (req, res) => {
    const user = signedInUser(res);
    const form = validateForm<{ name: string; logo_url: string }>(newPublisherSchema, req.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = { name: String(body.name ?? ''), logo_url: String(body.logo_url ?? '') };
    const again = async (extra: { errors?: Record<string, string>; problem?: string }, status: number) =>
      render(
        res,
        'Publishers',
        publishersPage({ csrf: csrfTokenOf(res), publishers: await publishers.administeredBy(user.id), form: typed, ...extra }),
        status,
      );
    if (!form.ok) return again({ errors: form.errors }, 422);
    const created = await createPublisher(publishers, user, form.value, ctx.now());
    if (created === 'taken') return again({ problem: TAKEN_NAME }, 409);
    if (created === 'too-many') return again({ problem: TOO_MANY_PUBLISHERS }, 409);
    await backToPublisher(req, res, ctx, created, {
      tone: 'ok',
      text: `${created.name} is created. Add its domains and prove them; then an editor can verify it.`,
    });
  });

  router.get('/publishers/:slug', async (req, res) => {
    const publisher = await visiblePublisher(ctx, signedInUser(res), req.params);
    const flash = req.query.done === '1' ? await takeFlash(req, ctx) : undefined;
    await showPublisher(ctx, res, publisher, { notice: takeNotice(flash) });
  });

  router.post('/publishers/:slug/domains', async (req, res) => {
    const { user, publisher } = await administeredPublisher(ctx, res, req.params);
    const form = validateForm<{ domain: string }>(newDomainSchema, req.body);
    if (!form.ok) {
      const domainForm = { domain: String((req.body as Record<string, unknown> | undefined)?.domain ?? '') };
      return showPublisher(ctx, res, publisher, { domainForm, domainErrors: form.errors }, 422);
    }
    const { domain } = form.value;
    const added = await addPublisherDomain(publisherDomains, user, publisher, domain, ctx.now());
    await backToPublisher(
      req,
      res,
      ctx,
      publisher,
      added
        ? { tone: 'ok', text: `${domain} is added. Put its token in place (either way below), then Check now.` }
        : { tone: 'ok', text: `${domain} is already listed for this publisher.` },
    );
  });

  router.post('/publishers/:slug/domains/:domain/check', async (req, res) => {
    const { user, publisher, domain } = await administeredDomain(req, res);
    // Each check makes the server query DNS and fetch from the domain: counted before any of that is done.
    const turn = await ctx.domainCheckThrottle.take(user.id, publisher.id, domain.domain);
    if (!turn.allowed) {
      res.setHeader('Retry-After', String(turn.wait));
      return showPublisher(ctx, res, publisher, { notice: tooSoonNotice(domain.domain, turn) }, 429);
    }
    const found = await checkDomainNow(
      {
        publisherDomains,
        publisherHistory,
        queue,
        sources: ctx.domainProofSources,
        policy: ctx.recheckPolicy,
        trust: ctx.trustTxtSources,
      },
      user,
      publisher,
      domain.domain,
      ctx.now(),
    );
    await backToPublisher(req, res, ctx, publisher, checkNotice(domain.domain, found, ctx.recheckPolicy.intervalMs));
  });

  // Its admin and editors alike: reading the outlet's own public file changes nothing but what Byline shows of it.
  router.post('/publishers/:slug/trust', async (req, res) => {
    const publisher = await visiblePublisher(ctx, signedInUser(res), req.params);
    if (!ctx.trustTxtSources) {
      return backToPublisher(req, res, ctx, publisher, {
        tone: 'error',
        text: 'This Byline is not set up to read trust.txt files, so nothing was read.',
      });
    }
    const reading = await readTrustAgain(repositories, publisher, ctx.trustTxtSources, ctx.now());
    await backToPublisher(req, res, ctx, publisher, trustNotice(reading));
  });

  // Removing ends a proof at once: the domain's "Remove…" link leads to this page, which asks before its form removes.
  router.get('/publishers/:slug/domains/:domain/remove', async (req, res) => {
    const { publisher, domain } = await administeredDomain(req, res);
    render(res, 'Remove domain', removeDomainPage({ csrf: csrfTokenOf(res), publisher, domain }));
  });

  router.post('/publishers/:slug/domains/:domain/remove', async (req, res) => {
    const { user, publisher, domain } = await administeredDomain(req, res);
    // A form without the confirmation (an old page, a hand-made request) is asked again, not obeyed.
    if ((req.body as { confirm?: unknown }).confirm !== REMOVE_CONFIRMATION)
      return render(res, 'Remove domain', removeDomainPage({ csrf: csrfTokenOf(res), publisher, domain }));
    await removePublisherDomain(repositories, publisher.id, domain.domain, user.email, ctx.now());
    await backToPublisher(req, res, ctx, publisher, { tone: 'ok', text: `${domain.domain} is removed.` });
  });

  return router;
}
