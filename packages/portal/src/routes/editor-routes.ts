import { Router, type Request, type Response } from 'express';
import type Joi from 'joi';
import { handleKey, normalizeHandle } from '@byline/domain/social/social-handle';
import { type SocialType } from '@byline/domain/domain/types';
import { repositoriesOf } from '@byline/shared/store';
import { decideVerification, isOwnProfile, OWN_PROFILE_REFUSAL, type Decision } from '@byline/editorial/use-cases/verification';
import type { PortalContext } from '../deps';
import { attestClaim, moveHandle, type EditorProofDeps } from '../editor/editor-proofs';
import { attestArticle, attestListedArticles, moveArticleHere } from '../editor/editor-articles';
import { noteFormOf } from '../editor/note-form';
import { articleParamsSchema, claimParamsSchema, decisionSchema, moveSchema, profileParamsSchema } from '../editor/editor-schema';
import { moveFormKey } from '../editor/claim-views';
import { validateForm } from '../http/forms';
import { requireEditor } from '../http/guards';
import { PageError } from '../http/page-error';
import { render, signedInUser } from '../http/render';
import { putFlash, takeFlash } from '../http/sessions';
import { claimTitle } from '../proofs/proof-wording';
import { publishersWithDomains } from '../use-cases/publishers';
import type { PendingIdentityItem } from '../views/identity-change-parts';
import { queuePage, type DecisionRefusal, type QueueItem } from '../views/editor-pages';
import { showReviewPage, type ReviewExtra } from '../editor/review-page-state';

const NOTICES: Record<string, string> = {
  verify: 'Profile verified.',
  reject: 'Verification refused.',
  unverify: 'Verification withdrawn.',
  'identity-approve': 'Identity change approved.',
  'identity-decline': 'Identity change declined.',
};

const NO_SUCH_PROFILE = 'There is no such profile.';

/** Said at the note when a decision against the person came without one: the journalist reads why. */
const NOTE_NEEDED: Record<Decision, string> = {
  verify: 'The note is required.',
  reject: 'The note is required to reject: say why (the journalist reads it in their history and by mail).',
  unverify: 'The note is required to withdraw the verification: say why (the journalist reads it).',
};

const WITHDRAW_UNCONFIRMED =
  'Tick “Yes, withdraw this profile’s verification” to confirm; nothing was withdrawn. The badge comes off at once.';

function idsOf<T>(schema: Joi.ObjectSchema, params: unknown): T {
  const { value, error } = schema.validate(params, { convert: true });
  if (error) throw new PageError(404, NO_SUCH_PROFILE);
  return value as T;
}

/** The review page's form a move came from: the claim's own move form, or the move-by-name form. */
function moveFormOf(network: SocialType, handle: string): string {
  try {
    return moveFormKey(network, handleKey(network, normalizeHandle(network, handle, 'known')));
  } catch {
    return 'move';
  }
}

interface EditorFlash {
  editorNotice: string;
}

export function editorRoutes(ctx: PortalContext): Router {
  const { claims, store } = ctx;
  const repositories = repositoriesOf(ctx.store);
  const { audit, profiles, verification } = repositories;
  const { notifier } = ctx;
  const editorProofs: EditorProofDeps = { profiles, verification, claims, audit, notifier };
  const router = Router();
  router.use('/editor', requireEditor);

  const showReview = (res: Response, id: number, extra: ReviewExtra = {}, status = 200) =>
    showReviewPage(ctx, res, id, extra, status);

  /** Post/redirect/get back to the review page, which shows the notice once. */
  async function backToReview(req: Request, res: Response, id: number, notice: string): Promise<void> {
    await putFlash(req, ctx, { editorNotice: notice } satisfies EditorFlash);
    res.redirect(303, `/editor/profiles/${id}?done=1`);
  }

  router.get('/editor/queue', async (req, res) => {
    const editor = signedInUser(res);
    const requests = await repositories.verification.pending();
    const items: QueueItem[] = [];
    for (const request of requests) {
      const [profile, profileClaims, lookalikes] = await Promise.all([
        repositories.profiles.findById(request.profileId),
        claims.claimsOf(request.profileId),
        repositories.directory.lookalikesOf(request.profileId),
      ]);
      if (profile) items.push({ request, profile, claims: profileClaims, own: isOwnProfile(editor, profile.id), lookalikes });
    }
    const identityItems: PendingIdentityItem[] = [];
    for (const { profileId, change } of await repositories.identityReview.pendingIdentityChanges()) {
      const profile = await profiles.findById(profileId);
      if (profile) identityItems.push({ profile, change, own: isOwnProfile(editor, profileId) });
    }
    const publishersAsking = (await publishersWithDomains(repositories)).filter((row) => row.askedAt !== null).length;
    render(res, 'Verification queue', queuePage(items, NOTICES[String(req.query.done)], identityItems, publishersAsking));
  });

  router.get('/editor/profiles/:id', async (req, res) => {
    const { id } = idsOf<{ id: number }>(profileParamsSchema, req.params);
    const flash = req.query.done === '1' ? await takeFlash<Partial<EditorFlash>>(req, ctx) : undefined;
    const notice = typeof flash?.editorNotice === 'string' ? flash.editorNotice : undefined;
    await showReview(res, id, { notice });
  });

  router.post('/editor/profiles/:id/claims/:claimId/attest', async (req, res) => {
    const { id, claimId } = idsOf<{ id: number; claimId: number }>(claimParamsSchema, req.params);
    const { form, problemOf } = noteFormOf(req, `attest-${claimId}`);
    if (!form.ok) return showReview(res, id, { problem: problemOf(form.errors.note ?? 'Check the note.') }, 422);
    const result = await attestClaim(editorProofs, signedInUser(res), id, claimId, form.value.note, ctx.now());
    if (result.ok) return backToReview(req, res, id, `${claimTitle(result.claim)} is now proven by your attestation.`);
    switch (result.reason) {
      case 'own-profile':
        throw new PageError(403, OWN_PROFILE_REFUSAL);
      case 'no-such-claim':
        throw new PageError(404, 'There is no such claim on this profile.');
      case 'already-proven':
        return backToReview(req, res, id, `${claimTitle(result.claim)} is already proven.`);
      case 'released':
        // Released since the page was drawn: said at the claim, whose reason the page now shows.
        return showReview(
          res,
          id,
          { problem: problemOf(`${claimTitle(result.claim)} was released since you opened this page; nothing was attested.`) },
          409,
        );
      case 'held-by-another': {
        // Shown at the claim's move form (or the move-by-name form), which is what the editor can do now.
        const { claim, holder } = result;
        const message = `${claimTitle(claim)} is proven on another profile; move it instead (it is on ${holder.name}’s profile). Nothing was attested.`;
        return showReview(res, id, { problem: { ...problemOf(message), form: moveFormKey(claim.kind, claim.key) } }, 409);
      }
    }
  });

  router.post('/editor/profiles/:id/articles/:articleId/attest', async (req, res) => {
    const { id, articleId } = idsOf<{ id: number; articleId: number }>(articleParamsSchema, req.params);
    const { form, problemOf } = noteFormOf(req, `article-${articleId}`);
    if (!form.ok) return showReview(res, id, { problem: problemOf(form.errors.note ?? 'Check the note.') }, 422);
    const result = await attestArticle(store, signedInUser(res), id, articleId, form.value.note, ctx.now());
    if (result.ok) return backToReview(req, res, id, `${result.claim.article.link} now counts, on your attestation.`);
    switch (result.reason) {
      case 'own-profile':
        throw new PageError(403, OWN_PROFILE_REFUSAL);
      case 'no-such-article':
        throw new PageError(404, 'There is no such article on this profile.');
      case 'already-proven':
        return backToReview(req, res, id, 'That article counts already.');
      case 'released':
        // Moved to another profile since the page was drawn: only a move brings it back.
        return showReview(
          res,
          id,
          { problem: problemOf('That article was moved to another profile; nothing was attested.') },
          409,
        );
    }
  });

  router.post('/editor/profiles/:id/articles/:articleId/move', async (req, res) => {
    const { id, articleId } = idsOf<{ id: number; articleId: number }>(articleParamsSchema, req.params);
    const { form, problemOf } = noteFormOf(req, `article-${articleId}`);
    if (!form.ok) return showReview(res, id, { problem: problemOf(form.errors.note ?? 'Check the note.') }, 422);
    const result = await moveArticleHere(store, signedInUser(res), id, articleId, form.value.note);
    if (result.ok) return backToReview(req, res, id, 'The article is moved here: it counts on this profile now.');
    if (result.reason === 'own-profile') throw new PageError(403, OWN_PROFILE_REFUSAL);
    if (result.reason === 'no-such-article') throw new PageError(404, 'There is no such article on this profile.');
    return showReview(res, id, { problem: problemOf('No other profile has it proven now: attest it instead.') }, 409);
  });

  router.post('/editor/profiles/:id/move', async (req, res) => {
    const { id } = idsOf<{ id: number }>(profileParamsSchema, req.params);
    const form = validateForm<{ network: SocialType; handle: string; note: string; displace?: string }>(moveSchema, req.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = { note: String(body.note ?? ''), handle: String(body.handle ?? ''), network: String(body.network ?? '') };
    if (!form.ok) {
      const message = form.errors.note ?? form.errors.handle ?? form.errors.network ?? form.errors.displace ?? 'Check the form.';
      return showReview(res, id, { problem: { form: 'move', message, ...typed } }, 422);
    }
    const { network, handle } = form.value;
    const result = await moveHandle(editorProofs, signedInUser(res), id, form.value);
    if (result.ok) {
      const displaced = result.displaced ? `; ${claimTitle(result.displaced)} was displaced` : '';
      return backToReview(req, res, id, `${claimTitle(result.claim)} moved to this profile${displaced}.`);
    }
    if (result.reason === 'own-profile') throw new PageError(403, OWN_PROFILE_REFUSAL);
    if (result.reason === 'needs-confirmation') {
      // Never a silent replacement: the form again, saying what would be displaced and asking to confirm it.
      const { shown, displaced } = result;
      const message = `Moving ${shown} here displaces ${claimTitle(displaced)}, proven on this profile. Tick “Displace ${claimTitle(displaced)}” (the displace field) to confirm; nothing was moved.`;
      return showReview(
        res,
        id,
        { problem: { form: moveFormOf(network, handle), message, field: 'displace', displaced, ...typed } },
        422,
      );
    }
    const messages: Record<typeof result.reason, [number, string]> = {
      'invalid-handle': [422, `${result.shown} is not a valid handle.`],
      'not-held': [409, `No profile holds ${result.shown} proven: nothing to move. Attest the claim instead.`],
      'already-here': [409, `${result.shown} is already proven on this profile.`],
      changed: [409, `${result.shown} changed hands meanwhile; look again before moving it.`],
      'no-such-profile': [404, NO_SUCH_PROFILE],
    };
    const [status, message] = messages[result.reason];
    if (result.reason === 'no-such-profile') throw new PageError(status, message);
    return showReview(res, id, { problem: { form: moveFormOf(network, handle), message, ...typed } }, status);
  });

  router.post('/editor/profiles/:id/decision', async (req, res) => {
    const { id } = idsOf<{ id: number }>(profileParamsSchema, req.params);
    const form = validateForm<{ decision: Decision; note: string; override?: 'on'; confirm_withdraw?: 'on' }>(
      decisionSchema,
      req.body,
    );
    // Refused before anything else is read: whatever the form says, nobody decides on their own profile.
    if (isOwnProfile(signedInUser(res), id)) throw new PageError(403, OWN_PROFILE_REFUSAL);
    const typed = String((req.body as { note?: unknown } | undefined)?.note ?? '');
    const override = (req.body as { override?: unknown } | undefined)?.override === 'on';
    // A note that cannot be kept (too long, control characters) is said at the note, with what was typed.
    if (!form.ok && form.errors.note) {
      return showReview(res, id, { refused: { message: form.errors.note, note: typed, override, aboutNote: true } }, 422);
    }
    if (!form.ok) throw new PageError(400, 'Choose approve, reject or withdraw.');
    const { decision, note } = form.value;
    // Withdrawing takes a person's badge away: asked twice, by the confirmation box next to the button.
    if (decision === 'unverify' && form.value.confirm_withdraw !== 'on') {
      const refused: DecisionRefusal = { message: WITHDRAW_UNCONFIRMED, note, override, field: 'confirm_withdraw' };
      return showReview(res, id, { refused }, 422);
    }
    const result = await decideVerification({ verification, claims, notifier }, signedInUser(res), id, {
      decision,
      note,
      override: form.value.override === 'on',
    });
    if (result.ok) {
      if (decision === 'verify') await attestListedArticles(store, signedInUser(res), id);
      return res.redirect(303, `/editor/queue?done=${decision}`);
    }
    if (result.reason === 'no-such-profile') throw new PageError(404, NO_SUCH_PROFILE);
    if (result.reason === 'own-profile') throw new PageError(403, OWN_PROFILE_REFUSAL);
    const refusals: Record<typeof result.reason, DecisionRefusal> = {
      'needs-proof': { message: 'Not approved: no handle or site of this profile is proven.', note, override: false },
      'override-needs-note': {
        message: 'With “Approve without proof”, the note is required.',
        note,
        override: true,
        aboutNote: true,
      },
      'needs-note': { message: NOTE_NEEDED[decision], note, override, aboutNote: true },
    };
    await showReview(res, id, { refused: refusals[result.reason] }, 422);
  });

  return router;
}
