import { Router } from 'express';
import Joi from 'joi';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireEditor } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { decideVerification, type Decision } from '../use-cases/verification';
import { queuePage, reviewPage, type QueueItem } from '../views/editor-pages';

const decisionSchema = Joi.object({
  decision: Joi.string().valid('verify', 'reject', 'unverify').required(),
  note: Joi.string().trim().allow('').max(2000).default(''),
});
const NOTICES: Record<string, string> = {
  verify: 'Profile verified.',
  reject: 'Verification refused.',
  unverify: 'Verification withdrawn.',
};

function profileIdOf(raw: string | string[] | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new PageError(404, 'There is no such profile.');
  return id;
}

export function editorRoutes({ portalStore }: PortalContext): Router {
  const router = Router();
  router.use('/editor', requireEditor);

  router.get('/editor/queue', async (req, res) => {
    const requests = await portalStore.pendingRequests();
    const items: QueueItem[] = [];
    for (const request of requests) {
      const profile = await portalStore.findProfileById(request.profileId);
      if (profile) items.push({ request, profile });
    }
    render(res, 'Verification queue', queuePage(items, NOTICES[String(req.query.done)]));
  });

  router.get('/editor/profiles/:id', async (req, res) => {
    const id = profileIdOf(req.params.id);
    const profile = await portalStore.findProfileById(id);
    if (!profile) throw new PageError(404, 'There is no such profile.');
    const [articles, history, pending] = await Promise.all([
      portalStore.listArticles(id),
      portalStore.auditHistory(id),
      portalStore.pendingRequest(id),
    ]);
    render(res, 'Review profile', reviewPage({ csrf: csrfTokenOf(res), profile, articles, history, pending }));
  });

  router.post('/editor/profiles/:id/decision', async (req, res) => {
    const form = validateForm<{ decision: Decision; note: string }>(decisionSchema, req.body);
    if (!form.ok) throw new PageError(400, 'Choose approve, reject or withdraw.');
    const found = await decideVerification(
      portalStore,
      signedInUser(res),
      profileIdOf(req.params.id),
      form.value.decision,
      form.value.note,
    );
    if (!found) throw new PageError(404, 'There is no such profile.');
    res.redirect(303, `/editor/queue?done=${form.value.decision}`);
  });

  return router;
}
