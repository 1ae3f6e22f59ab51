import { Router, type Request, type Response } from 'express';
import Joi from 'joi';
import { repositoriesOf } from '@byline/shared/store';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { csrfTokenOf, render } from '../http/render';
import { putFlash } from '../http/sessions';
import { askForVerification, deletePublisher, deletionBlocks } from '../use-cases/publishers';
import { deletePublisherPage } from '../views/publisher-lifecycle-parts';
import { administeredPublisher, backToPublisher, showPublisher } from './publisher-routes';

/** The confirmation a delete form carries: without it, the delete page asks first. */
const DELETE_CONFIRMATION = 'delete';

/** What its admin tells the editors when asking (optional), kept in its history like any other note. */
const askSchema = Joi.object({
  note: Joi.string().trim().allow('').max(2000).default('').label('The note').custom(plainTextRule('prose')).messages({
    'string.max': 'Keep the note under 2,000 characters.',
  }),
});

const ASKED: Record<Exclude<Awaited<ReturnType<typeof askForVerification>>, 'asked'>, string> = {
  'already-verified': 'It is verified already.',
  'already-asked': 'You have asked already; an editor will review it.',
  'no-proven-domain': 'Prove a domain first: editors verify an outlet on the domains it has proven. Nothing was asked.',
};

/** A publisher's admin asks for its verification, or deletes a mistaken one (with its confirmation). */
export function publisherLifecycleRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const router = Router();
  router.use('/publishers', requireUser);

  /** The publisher the path names, for its admin only (an editor may see it, not ask or delete for it). */
  const administered = (req: Request, res: Response) => administeredPublisher(ctx, res, req.params);

  router.post('/publishers/:slug/verification-request', async (req, res) => {
    const { user, publisher } = await administered(req, res);
    const form = validateForm<{ note: string }>(askSchema, req.body);
    if (!form.ok) {
      const askForm = { note: String((req.body as { note?: unknown } | undefined)?.note ?? '') };
      return showPublisher(ctx, res, publisher, { askForm, askErrors: form.errors }, 422);
    }
    const asked = await askForVerification(repositories, user, publisher, form.value.note, ctx.now());
    await backToPublisher(
      req,
      res,
      ctx,
      publisher,
      asked === 'asked'
        ? { tone: 'ok', text: `Verification asked for: an editor will review ${publisher.name}.` }
        : { tone: asked === 'no-proven-domain' ? 'error' : 'ok', text: ASKED[asked] },
    );
  });

  router.get('/publishers/:slug/delete', async (req, res) => {
    const { publisher } = await administered(req, res);
    const blocks = await deletionBlocks(repositories, publisher);
    render(res, 'Delete publisher', deletePublisherPage({ csrf: csrfTokenOf(res), publisher, blocks }));
  });

  router.post('/publishers/:slug/delete', async (req, res) => {
    const { publisher } = await administered(req, res);
    // A form without the confirmation (an old page, a hand-made request) is asked again, not obeyed.
    if ((req.body as { confirm?: unknown }).confirm !== DELETE_CONFIRMATION) {
      const blocks = await deletionBlocks(repositories, publisher);
      return render(res, 'Delete publisher', deletePublisherPage({ csrf: csrfTokenOf(res), publisher, blocks }));
    }
    const deleted = await deletePublisher(repositories, publisher);
    if (!deleted.ok) {
      const page = deletePublisherPage({ csrf: csrfTokenOf(res), publisher, blocks: deleted.blocks });
      return render(res, 'Delete publisher', page, 409);
    }
    await putFlash(req, ctx, { publishersNotice: `${publisher.name} is deleted.` });
    res.redirect(303, '/publishers?done=1');
  });

  return router;
}
