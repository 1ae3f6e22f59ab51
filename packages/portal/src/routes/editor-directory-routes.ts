import { Router, type Request, type Response } from 'express';
import type Joi from 'joi';
import type { AuditAction } from '@byline/domain/audit/audit-repository';
import type { DirectoryState } from '@byline/domain/directory/directory-repository';
import { repositoriesOf } from '@byline/shared/store';
import type { PortalContext } from '../deps';
import { compareParamsSchema, directoryQuerySchema, logQuerySchema, PAGE_SIZE } from '../editor/directory-schema';
import { validateForm } from '../http/forms';
import { requireEditor } from '../http/guards';
import { PageError } from '../http/page-error';
import { render } from '../http/render';
import { compareProfiles, editorsLog, searchDirectory } from '../use-cases/editors-desk';
import { comparePage, directoryPage, logPage } from '../views/editor-directory-pages';
import type { FieldErrors } from '../views/forms';
import type { SafeHtml } from '../views/html';

/** What the query held as typed, for the form shown again beside its errors. */
const typed = (query: unknown, name: string): string => {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The editors' views across profiles: the directory, the editors' log and two profiles side by side. */
export function editorDirectoryRoutes(ctx: PortalContext): Router {
  const repositories = repositoriesOf(ctx.store);
  const router = Router();
  router.use('/editor', requireEditor);

  /**
   * A list page found by the filters in its query, `names` the ones its form shows. A filter the form cannot
   * produce (an unknown state, a page that is not a number) answers 400, the field named, the form as typed.
   */
  function filteredList<Name extends string, Filters extends Record<Name, string> & { page: number }, Result>(
    title: string,
    schema: Joi.ObjectSchema,
    names: readonly Name[],
    find: (filters: Filters) => Promise<Result>,
    page: (view: Record<Name, string> & { result?: Result; errors: FieldErrors }) => SafeHtml,
  ) {
    return async (req: Request, res: Response) => {
      const form = validateForm<Filters>(schema, req.query);
      if (!form.ok) {
        const asTyped = Object.fromEntries(names.map((name) => [name, typed(req.query, name)])) as Record<Name, string>;
        return render(res, title, page({ ...asTyped, errors: form.errors }), 400);
      }
      render(res, title, page({ ...form.value, result: await find(form.value), errors: {} }));
    };
  }

  router.get(
    '/editor/directory',
    filteredList(
      'Directory',
      directoryQuerySchema,
      ['text', 'state'],
      (filters: { text: string; state: DirectoryState | ''; page: number }) => searchDirectory(repositories, filters, PAGE_SIZE),
      directoryPage,
    ),
  );

  router.get(
    '/editor/log',
    filteredList(
      'Editors’ log',
      logQuerySchema,
      ['actor', 'action'],
      (filters: { actor: string; action: AuditAction | ''; page: number }) => editorsLog(repositories, filters, PAGE_SIZE),
      logPage,
    ),
  );

  router.get('/editor/profiles/:id/compare/:otherId', async (req, res) => {
    const { value, error } = compareParamsSchema.validate(req.params, { convert: true });
    if (error) throw new PageError(404, 'There is no such profile.');
    const comparison = await compareProfiles(repositories, value.id as number, value.otherId as number);
    if (!comparison) throw new PageError(404, 'There is no such pair of profiles.');
    render(res, 'Side by side', comparePage(comparison));
  });

  return router;
}
