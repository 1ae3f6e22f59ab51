import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { provenAddress } from '@byline/editorial/use-cases/address-proof';
import { Router } from 'express';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { takeFlash } from '../http/sessions';
import { loadProfilePage } from '../proofs/profile-page-state';
import { takeProofNotice } from '../proofs/proof-notice';
import { blueskyField, fediverseField, websiteLines, websitesField } from '../proofs/proof-schema';
import { blueskyOfForm } from '../use-cases/bluesky-account';
import { formFromProfile, handleConflicts, profileFieldsFromForm, saveProfileAndClaims } from '../use-cases/profiles';
import { withPendingIdentity } from '../use-cases/identity-review';
import { ownWebhookEndpoints } from '../use-cases/own-data';
import { staffRows, invitationsOf } from '../use-cases/staff';
import { profilePage } from '../views/profile-page';
import { attributionDomainLines, attributionDomainsField } from './attribution-domains-field';
import { profileFormSchema } from './profile-schema';
import { STAFF_NOTICES } from './staff-routes';

/** The profile form with what is kept beside the profile: its websites and fediverse accounts (claims) and attribution domains. */
const profileWithWebsitesSchema = profileFormSchema.keys({
  websites: websitesField,
  fediverse: fediverseField,
  bluesky: blueskyField,
  attribution_domains: attributionDomainsField,
});

export function profileRoutes(ctx: PortalContext): Router {
  const { store } = ctx;
  const router = Router();

  /** The signed-in person's invitations (to their profile or their address) and their affiliations. */
  async function ownStaff(user: PortalUser) {
    const repositories = repositoriesOf(store);
    const [invitations, affiliations] = await Promise.all([
      invitationsOf(repositories, user),
      user.profileId === null ? [] : repositories.staff.ofProfile(user.profileId),
    ]);
    const [invitationRows, affiliationRows] = await Promise.all([
      staffRows(repositories, invitations),
      staffRows(repositories, affiliations),
    ]);
    return { invitations: invitationRows, affiliations: affiliationRows };
  }

  router.get('/profile', requireUser, async (req, res) => {
    const user = signedInUser(res);
    const [state, staff, webhooks] = await Promise.all([
      loadProfilePage(ctx, user, csrfTokenOf(res)),
      ownStaff(user),
      ownWebhookEndpoints(repositoriesOf(store), user),
    ]);
    // Only the page a proof redirects to takes the session's flash (the API settings page keeps its own).
    const proofNotice = req.query.proof === '1' ? takeProofNotice(await takeFlash(req, ctx)) : null;
    render(
      res,
      'Profile',
      profilePage({
        ...state,
        form: withPendingIdentity(formFromProfile(state.profile, state.claims, state.attributionDomains), state.pendingIdentity),
        saved: req.query.saved === '1',
        proofNotice,
        staff,
        staffNotice: STAFF_NOTICES[String(req.query.staff)],
        webhooks,
        addressUnproven: provenAddress(user) === null,
      }),
    );
  });

  router.post('/profile', requireUser, async (req, res) => {
    const user = signedInUser(res);
    const form = validateForm<Record<string, string>>(profileWithWebsitesSchema, req.body);
    const state = {
      ...(await loadProfilePage(ctx, user, csrfTokenOf(res))),
      webhooks: await ownWebhookEndpoints(repositoriesOf(store), user),
    };
    if (!form.ok) {
      const errors = { ...(await handleConflicts(store, user, req.body ?? {})), ...form.errors };
      return render(res, 'Profile', profilePage({ ...state, form: { ...req.body, ...form.value }, errors }), 422);
    }
    // Resolved before anything is written: a handle that names no account is the field's error, as a malformed one is.
    const bluesky = await blueskyOfForm(ctx.bluesky, state.claims ?? [], form.value.bluesky ?? '');
    if (!bluesky.ok)
      return render(res, 'Profile', profilePage({ ...state, form: form.value, errors: { bluesky: bluesky.error } }), 422);
    const result = await saveProfileAndClaims(ctx, user, profileFieldsFromForm(form.value), {
      websites: websiteLines(form.value.websites ?? ''),
      fediverse: websiteLines(form.value.fediverse ?? ''),
      attributionDomains: attributionDomainLines(form.value.attribution_domains ?? ''),
      bluesky: bluesky.account,
    });
    if (!result.ok) return render(res, 'Profile', profilePage({ ...state, form: form.value, errors: result.errors }), 409);
    res.redirect(303, '/profile?saved=1');
  });

  router.post('/profile/verification-request', requireUser, async (_req, res) => {
    const user = signedInUser(res);
    if (user.profileId === null) throw new PageError(409, 'Create your profile before asking for verification.');
    await repositoriesOf(store).verification.request(user.profileId, user.email);
    res.redirect(303, '/profile');
  });

  return router;
}
