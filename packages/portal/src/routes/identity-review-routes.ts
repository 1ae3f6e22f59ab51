import { Router } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { isOwnProfile, OWN_PROFILE_REFUSAL } from '@byline/editorial/use-cases/verification';
import type { PortalContext } from '../deps';
import { identityDecisionSchema, profileParamsSchema } from '../editor/editor-schema';
import { validateForm } from '../http/forms';
import { requireEditor, requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { signedInUser } from '../http/render';
import { showReviewPage } from '../editor/review-page-state';
import { cancelIdentityChange, decideIdentityChange, type IdentityDecisionListener } from '../use-cases/identity-review';

const NO_SUCH_PROFILE = 'There is no such profile.';

/**
 * A verified profile's identity change: its owner cancels it; an editor (never on their own profile) approves or
 * declines it from the review page, which shows it (see editor-routes.ts).
 */
export function identityReviewRoutes(ctx: PortalContext): Router {
  const { identityReview } = repositoriesOf(ctx.store);
  const router = Router();
  router.use('/editor', requireEditor);

  // The decision stands whatever the listener does: a failing notifier is logged, never shown as a failed decision.
  const notify: IdentityDecisionListener = async (event) => {
    try {
      await ctx.onIdentityDecision(event);
    } catch (error) {
      ctx.logger.error('identity decision listener failed', { profileId: event.profileId, action: event.action, error });
    }
  };

  router.post('/profile/identity-change/cancel', requireUser, async (_req, res) => {
    await cancelIdentityChange(identityReview, signedInUser(res), notify);
    res.redirect(303, '/profile');
  });

  router.post('/editor/profiles/:id/identity-change', async (req, res) => {
    const { value: params, error } = profileParamsSchema.validate(req.params, { convert: true });
    if (error) throw new PageError(404, NO_SUCH_PROFILE);
    const id = (params as { id: number }).id;
    const form = validateForm<{ decision: 'approve' | 'decline'; identity_note: string; requested_at: string }>(
      identityDecisionSchema,
      req.body,
    );
    // Refused before the note is read: whatever it says, nobody decides on their own profile.
    if (isOwnProfile(signedInUser(res), id)) throw new PageError(403, OWN_PROFILE_REFUSAL);
    const typed = String((req.body as { identity_note?: unknown } | undefined)?.identity_note ?? '');
    // A refused note is said at the note on the review page, with what was typed: never a bare error page.
    const refuse = (message: string) => showReviewPage(ctx, res, id, { identityProblem: { message, note: typed } }, 422);
    if (!form.ok && form.errors.identity_note) return refuse(form.errors.identity_note);
    if (!form.ok) throw new PageError(400, 'Choose approve or decline.');
    const { decision, identity_note: note, requested_at: requestedAt } = form.value;
    const result = await decideIdentityChange(identityReview, signedInUser(res), id, { decision, note, requestedAt }, notify);
    if (result.ok) return res.redirect(303, `/editor/queue?done=identity-${decision}`);
    switch (result.reason) {
      case 'own-profile':
        throw new PageError(403, OWN_PROFILE_REFUSAL);
      case 'decline-needs-note':
        return refuse('The note is required to decline: say why (the journalist reads it in their history).');
      case 'no-pending-change':
        throw new PageError(409, 'No identity change is waiting on this profile (it was decided or cancelled).');
      case 'changed-since':
        throw new PageError(409, 'The journalist changed this request since you opened the page; look again before deciding.');
    }
  });

  return router;
}
