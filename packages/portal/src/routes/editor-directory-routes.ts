import { Router } from 'express';
import type { AuditAction } from '@byline/domain/audit/audit-repository';
import type { DirectoryState } from '@byline/domain/directory/directory-repository';
import { backendOf } from '@byline/shared/storage';
import type { PortalContext } from '../deps';
import { compareParamsSchema, directoryQuerySchema, logQuerySchema, PAGE_SIZE } from '../editor/directory-schema';
import { validateForm } from '../http/forms';
import { requireEditor } from '../http/guards';
import { PageError } from '../http/page-error';
import { render } from '../http/render';
import { compareProfiles, editorsLog, searchDirectory } from '../use-cases/editors-desk';
import { comparePage, directoryPage, logPage } from '../views/editor-directory-pages';

/** What the query held as typed, for the form shown again beside its errors. */
const typed = (query: unknown, name: string): string => {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The editors' views across profiles: the directory, the editors' log and two profiles side by side. */
export function editorDirectoryRoutes(ctx: PortalContext): Router {
  const backend = backendOf(ctx.store);
  const router = Router();
  router.use('/editor', requireEditor);

  router.get('/editor/directory', async (req, res) => {
    const form = validateForm<{ text: string; state: DirectoryState | ''; page: number }>(directoryQuerySchema, req.query);
    if (!form.ok) {
      // A filter the form cannot produce (an unknown state, a page that is not a number): 400, the field named.
      const view = { text: typed(req.query, 'text'), state: typed(req.query, 'state'), errors: form.errors };
      return render(res, 'Directory', directoryPage(view), 400);
    }
    const result = await searchDirectory(backend, form.value, PAGE_SIZE);
    render(res, 'Directory', directoryPage({ ...form.value, result, errors: {} }));
  });

  router.get('/editor/log', async (req, res) => {
    const form = validateForm<{ actor: string; action: AuditAction | ''; page: number }>(logQuerySchema, req.query);
    if (!form.ok) {
      const view = { actor: typed(req.query, 'actor'), action: typed(req.query, 'action'), errors: form.errors };
      return render(res, 'Editors’ log', logPage(view), 400);
    }
    const result = await editorsLog(backend, form.value, PAGE_SIZE);
    render(res, 'Editors’ log', logPage({ ...form.value, result, errors: {} }));
  });

  router.get('/editor/profiles/:id/compare/:otherId', async (req, res) => {
    const { value, error } = compareParamsSchema.validate(req.params, { convert: true });
    if (error) throw new PageError(404, 'There is no such profile.');
    const comparison = await compareProfiles(backend, value.id as number, value.otherId as number);
    if (!comparison) throw new PageError(404, 'There is no such pair of profiles.');
    render(res, 'Side by side', comparePage(comparison));
  });

  return router;
}
