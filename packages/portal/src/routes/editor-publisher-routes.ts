import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import type { PortalContext } from '../deps';
import { noteFormOf } from '../editor/note-form';
import { publisherDecisionSchema } from '../editor/editor-schema';
import { requireEditor } from '../http/guards';
import { PageError } from '../http/page-error';
import { render, signedInUser } from '../http/render';
import { administers, decidePublisher, OWN_PUBLISHER_REFUSAL, publishersWithDomains } from '../use-cases/publishers';
import { editorPublishersPage } from '../views/publisher-pages';
import { backToPublisher, showPublisher, visiblePublisher } from './publisher-routes';

/** The editors' side of publishers: every publisher, and verifying one or withdrawing it (note required). */
export function editorPublisherRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const { publishers } = repositories;
  const router = Router();
  router.use('/editor', requireEditor);

  router.get('/editor/publishers', async (_req, res) => {
    render(res, 'All publishers', editorPublishersPage(await publishersWithDomains(repositories)));
  });

  async function decide(req: Request, res: Response, verified: boolean): Promise<void> {
    const editor = signedInUser(res);
    const publisher = await visiblePublisher(ctx, editor, req.params);
    // Refused before the note is read: whatever it says, the publisher's own admin does not decide on it.
    if (administers(editor, publisher)) throw new PageError(403, OWN_PUBLISHER_REFUSAL);
    const { form, problemOf } = noteFormOf(req, 'publisher-decision', publisherDecisionSchema);
    if (!form.ok)
      return showPublisher(ctx, res, publisher, { decisionProblem: problemOf(form.errors.note ?? 'Check the note.') }, 422);
    const decided = await decidePublisher(publishers, editor, publisher, verified, form.value.note, ctx.now());
    if (!decided.ok) {
      if (decided.reason === 'own-publisher') throw new PageError(403, OWN_PUBLISHER_REFUSAL);
      if (decided.reason === 'no-such-publisher') throw new PageError(404, 'There is no such publisher.');
      return backToPublisher(req, res, ctx, publisher, {
        tone: 'ok',
        text: verified ? `${publisher.name} is already verified.` : `${publisher.name} is not verified.`,
      });
    }
    await backToPublisher(req, res, ctx, publisher, {
      tone: 'ok',
      text: verified ? `${publisher.name} is verified.` : `${publisher.name}’s verification is withdrawn.`,
    });
  }

  router.post('/editor/publishers/:slug/verify', (req, res) => decide(req, res, true));
  router.post('/editor/publishers/:slug/unverify', (req, res) => decide(req, res, false));

  return router;
}
