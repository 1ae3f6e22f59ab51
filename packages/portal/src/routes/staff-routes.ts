import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { type Affiliation } from '@byline/domain/staff/staff-repository';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { staffMail } from '../mail/staff-mail';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import {
  acceptInvitation,
  inviteStaff,
  isInvitationFor,
  isOpen,
  NO_PROFILE_YET,
  OWN_STAFF_REFUSAL,
  staffRows,
  UNVERIFIED_PUBLISHER,
  type InviteeInput,
  type StaffRow,
} from '../use-cases/staff';
import { endAffiliationPage, ownEndPath, staffEndPath } from '../views/staff-parts';
import { administeredPublisher, backToPublisher, showPublisher } from './publisher-routes';
import { affiliationParamsSchema, endSchema, inviteSchema } from './staff-schema';

const ADMIN_ONLY = 'Only the publisher’s admin manages its staff.';
const NO_SUCH_AFFILIATION = 'This publisher has no such open invitation or affiliation.';
const NO_SUCH_INVITATION = 'There is no such invitation for you.';
const NO_SUCH_OWN_AFFILIATION = 'You have no such active affiliation.';
/** The confirmation an end form carries: without it, the end page asks first. */
const END_CONFIRMATION = 'end';

/** What the profile page says after an answer (post/redirect/get: /profile?staff=…). */
export const STAFF_NOTICES: Record<string, string> = {
  accepted: 'Invitation accepted: the publisher’s affiliation now shows on your profile.',
  declined: 'Invitation declined.',
  ended: 'Affiliation ended: it stays on your profile, marked ended.',
};

function idOf(params: unknown, notFound: string): number {
  const { value, error } = affiliationParamsSchema.validate(params, { convert: true });
  if (error) throw new PageError(404, notFound);
  return (value as { id: number }).id;
}

const whoInvited = (input: InviteeInput) => ('email' in input ? input.email : input.slug);

/** Invitations and affiliations: a verified publisher's admin invites, the journalist answers, either side ends. */
export function staffRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const { staff } = repositories;
  const mail = staffMail(ctx);
  const router = Router();
  router.use(['/publishers', '/profile/staff'], requireUser);

  /** The publisher the path names, for its admin only (an editor looks; the admin manages). */
  const administered = (req: Request, res: Response) => administeredPublisher(ctx, res, req.params, ADMIN_ONLY);

  /** An open affiliation of the publisher the path names, for its admin. */
  async function administeredAffiliation(req: Request, res: Response) {
    const { user, publisher } = await administered(req, res);
    const affiliation = await staff.findById(idOf(req.params, NO_SUCH_AFFILIATION));
    if (!affiliation || affiliation.publisherId !== publisher.id || !isOpen(affiliation))
      throw new PageError(404, NO_SUCH_AFFILIATION);
    const [row] = await staffRows(repositories, [affiliation]);
    return { user, publisher, affiliation, row: row! };
  }

  /** The signed-in journalist's own active affiliation the path names. */
  async function ownAffiliation(req: Request, res: Response) {
    const user = signedInUser(res);
    const affiliation = await staff.findById(idOf(req.params, NO_SUCH_OWN_AFFILIATION));
    if (!affiliation || user.profileId === null || affiliation.profileId !== user.profileId || affiliation.state !== 'active')
      throw new PageError(404, NO_SUCH_OWN_AFFILIATION);
    const [row] = await staffRows(repositories, [affiliation]);
    return { user, affiliation, row: row! };
  }

  /** Ends after the confirmation; the reason is optional, a default says which side ended it. Null when not open. */
  async function endConfirmed(req: Request, affiliation: Affiliation, actor: string, fallback: string) {
    const form = validateForm<{ reason: string }>(endSchema, req.body);
    const reason = (form.ok && form.value.reason) || fallback;
    return (await staff.end(affiliation.id, actor, reason, ctx.now())) ? reason : null;
  }

  /** The journalist, as the publisher's admin is told of them: their name and slug, or their address. */
  async function journalistNamed(user: PortalUser): Promise<string> {
    const profile = user.profileId === null ? null : await repositories.profiles.findById(user.profileId);
    if (!profile) return user.email;
    const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
    return name ? `${name} (${profile.profile_slug})` : profile.profile_slug;
  }

  const confirmed = (req: Request) => (req.body as { confirm?: unknown } | undefined)?.confirm === END_CONFIRMATION;

  router.post('/publishers/:slug/staff', async (req, res) => {
    const { user, publisher } = await administered(req, res);
    const typed = { invitee: String((req.body as Record<string, unknown> | undefined)?.invitee ?? '') };
    if (publisher.verifiedAt === null)
      return showPublisher(ctx, res, publisher, { notice: { tone: 'error', text: UNVERIFIED_PUBLISHER } }, 409);
    const form = validateForm<{ invitee: InviteeInput }>(inviteSchema, req.body);
    if (!form.ok) return showPublisher(ctx, res, publisher, { inviteForm: typed, inviteErrors: form.errors }, 422);
    const outcome = await inviteStaff(repositories, user, publisher, form.value.invitee, ctx.now());
    const refuse = (status: number, message: string) =>
      showPublisher(ctx, res, publisher, { inviteForm: typed, inviteErrors: { invitee: message } }, status);
    if (outcome.ok) {
      mail.invited(publisher, outcome.affiliation);
      const text =
        'email' in form.value.invitee
          ? `${outcome.who} is invited. Once they sign in to Byline with this address, they accept on their profile page.`
          : `${outcome.who} is invited. They accept on their profile page.`;
      return backToPublisher(req, res, ctx, publisher, { tone: 'ok', text });
    }
    switch (outcome.reason) {
      case 'unverified':
        return showPublisher(ctx, res, publisher, { notice: { tone: 'error', text: UNVERIFIED_PUBLISHER } }, 409);
      case 'unknown-profile':
        return refuse(422, `There is no profile with the slug ${outcome.who}.`);
      case 'own-profile':
        return refuse(403, OWN_STAFF_REFUSAL);
      case 'already-open':
        return refuse(409, `${whoInvited(form.value.invitee)} is already invited or on the staff of ${publisher.name}.`);
    }
  });

  // Ending is at once and for good: the "End…" link leads to this page, which asks (and takes a reason) first.
  router.get('/publishers/:slug/staff/:id/end', async (req, res) => {
    const { publisher, affiliation, row } = await administeredAffiliation(req, res);
    const action = staffEndPath(publisher, affiliation.id);
    render(
      res,
      'End affiliation',
      endAffiliationPage({ csrf: csrfTokenOf(res), row, action, back: `/publishers/${publisher.slug}`, side: 'publisher' }),
    );
  });

  router.post('/publishers/:slug/staff/:id/end', async (req, res) => {
    const { user, publisher, affiliation, row } = await administeredAffiliation(req, res);
    const action = staffEndPath(publisher, affiliation.id);
    // A form without the confirmation (an old page, a hand-made request) is asked again, not obeyed.
    if (!confirmed(req))
      return render(
        res,
        'End affiliation',
        endAffiliationPage({ csrf: csrfTokenOf(res), row, action, back: `/publishers/${publisher.slug}`, side: 'publisher' }),
      );
    const reason = await endConfirmed(req, affiliation, user.email, 'Ended by the publisher');
    if (reason !== null) mail.endedByPublisher(publisher, affiliation, reason);
    const who = row.profile?.profile_slug ?? affiliation.invitedEmail ?? 'The journalist';
    await backToPublisher(req, res, ctx, publisher, {
      tone: 'ok',
      text: `${who}: the ${affiliation.state === 'active' ? 'affiliation' : 'invitation'} is ended.`,
    });
  });

  router.post('/profile/staff/:id/accept', async (req, res) => {
    const user = signedInUser(res);
    const outcome = await acceptInvitation(repositories, user, idOf(req.params, NO_SUCH_INVITATION), ctx.now());
    if (outcome.ok) {
      mail.answered(outcome.affiliation, 'accepted', await journalistNamed(user));
      return res.redirect(303, '/profile?staff=accepted');
    }
    switch (outcome.reason) {
      case 'not-yours':
        throw new PageError(404, NO_SUCH_INVITATION);
      case 'no-profile':
        throw new PageError(409, NO_PROFILE_YET);
      case 'own-publisher':
        throw new PageError(403, OWN_STAFF_REFUSAL);
      case 'closed':
        throw new PageError(
          409,
          'This invitation is no longer open: it was answered or ended, or you are already on this staff.',
        );
    }
  });

  router.post('/profile/staff/:id/decline', async (req, res) => {
    const user = signedInUser(res);
    const affiliation = await staff.findById(idOf(req.params, NO_SUCH_INVITATION));
    if (!affiliation || !isInvitationFor(user, affiliation)) throw new PageError(404, NO_SUCH_INVITATION);
    if (await staff.decline(affiliation.id, user.email, ctx.now()))
      mail.answered(affiliation, 'declined', await journalistNamed(user));
    res.redirect(303, '/profile?staff=declined');
  });

  /** The journalist's page that asks before their affiliation ends: shown again when the post was not confirmed. */
  function askToEndOwn(res: Response, { affiliation, row }: { affiliation: Affiliation; row: StaffRow }) {
    const page = {
      csrf: csrfTokenOf(res),
      row,
      action: ownEndPath(affiliation.id),
      back: '/profile',
      side: 'journalist',
    } as const;
    render(res, 'End affiliation', endAffiliationPage(page));
  }

  router.get('/profile/staff/:id/end', async (req, res) => {
    askToEndOwn(res, await ownAffiliation(req, res));
  });

  router.post('/profile/staff/:id/end', async (req, res) => {
    const own = await ownAffiliation(req, res);
    const { user, affiliation } = own;
    if (!confirmed(req)) return askToEndOwn(res, own);
    const reason = await endConfirmed(req, affiliation, user.email, 'Ended by the journalist');
    if (reason !== null) mail.answered(affiliation, 'ended', await journalistNamed(user), reason);
    res.redirect(303, '/profile?staff=ended');
  });

  return router;
}
