import { articlesAsSeenBy } from '../use-cases/actor-names';
import { backendOf, publicProfileUrl } from '@byline/editorial';
import { Router, type Response } from 'express';
import Joi from 'joi';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { checkArticle } from '../use-cases/article-attribution';
import { formFromArticle, prefillArticle, saveArticle, type ArticleForm } from '../use-cases/articles';
import { articleFormPage, articleList } from '../views/article-pages';
import { articleAddress, articleFormSchema } from './article-schema';

const NOTICES: Record<string, string> = {
  saved: 'Article saved.',
  proven: 'Article saved. Its page credits you, so it counts.',
  unproven: 'Article saved. It does not count yet: see why below.',
  'checked-proven': 'Its page credits you now: the article counts.',
  'checked-unproven': 'Checked again: it does not count yet.',
  deactivated: 'Article deactivated.',
  activated: 'Article activated.',
};

function profileIdOf(res: Response): number {
  const profileId = signedInUser(res).profileId;
  if (profileId === null) throw new PageError(409, 'Create your profile first; then add your articles.');
  return profileId;
}

/** An article id as the pages write it: digits only (Number alone would also read '0x10', '1e1' or ' 1' as ids). */
function articleIdOf(raw: string | string[] | undefined): number {
  if (typeof raw !== 'string' || !/^[1-9][0-9]*$/.test(raw)) throw new PageError(404, 'There is no such article.');
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new PageError(404, 'There is no such article.');
  return id;
}

export function articleRoutes({ store, fetchPage, now, publicUrls, recheckPolicy }: PortalContext): Router {
  const backend = backendOf(store);
  const router = Router();
  router.use('/articles', requireUser);
  const check = (profileId: number, articleId: number) =>
    checkArticle({ store, fetchPage, portalUrl: publicUrls.portal, policy: recheckPolicy }, profileId, articleId);
  /** After a save: a new article, or one at a new address, is a claim its page is checked for at once. */
  const savedNotice = async (profileId: number, articleId: number) => {
    const outcome = await check(profileId, articleId);
    return outcome.status === 'unchanged' ? 'saved' : outcome.status;
  };

  router.get('/articles', async (req, res) => {
    const profileId = signedInUser(res).profileId;
    if (profileId === null) return res.redirect(303, '/profile');
    const notice = NOTICES[String(req.query.done)];
    const profile = await backend.profiles.findById(profileId);
    const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
    const articles = await articlesAsSeenBy(backend, signedInUser(res).email, await backend.articles.claimsOf(profileId));
    render(res, 'Articles', articleList(csrfTokenOf(res), articles, notice, publicAddress));
  });

  router.post('/articles/fetch', async (req, res) => {
    const profileId = profileIdOf(res);
    const form = validateForm<{ link: string }>(Joi.object({ link: articleAddress }), req.body);
    if (!form.ok) {
      const articles = await articlesAsSeenBy(backend, signedInUser(res).email, await backend.articles.claimsOf(profileId));
      return render(res, 'Articles', articleList(csrfTokenOf(res), articles, form.errors.link), 422);
    }
    const result = await prefillArticle(fetchPage, form.value.link);
    const state = { csrf: csrfTokenOf(res), action: '/articles', form: result.form };
    if (!result.ok) return render(res, 'Add an article', articleFormPage({ ...state, message: result.message }), 422);
    render(res, 'Add an article', articleFormPage({ ...state, fetched: true }));
  });

  router.post('/articles', async (req, res) => {
    const profileId = profileIdOf(res);
    const form = validateForm<ArticleForm>(articleFormSchema, req.body);
    const state = { csrf: csrfTokenOf(res), action: '/articles', form: { ...req.body, active: req.body?.active === 'on' } };
    if (!form.ok) return render(res, 'Add an article', articleFormPage({ ...state, errors: form.errors }), 422);
    const result = await saveArticle(backend.articles, profileId, null, form.value, now().toISOString());
    if (!result.ok) return render(res, 'Add an article', articleFormPage({ ...state, errors: result.errors }), 409);
    res.redirect(303, `/articles?done=${await savedNotice(profileId, result.articleId)}`);
  });

  router.get('/articles/:id/edit', async (req, res) => {
    const article = await backend.articles.find(profileIdOf(res), articleIdOf(req.params.id));
    if (!article) throw new PageError(404, 'There is no such article in your portfolio.');
    render(
      res,
      'Edit article',
      articleFormPage({ csrf: csrfTokenOf(res), action: `/articles/${article.id}`, form: formFromArticle(article) }),
    );
  });

  router.post('/articles/:id', async (req, res) => {
    const profileId = profileIdOf(res);
    const id = articleIdOf(req.params.id);
    const form = validateForm<ArticleForm>(articleFormSchema, req.body);
    const state = { csrf: csrfTokenOf(res), action: `/articles/${id}`, form: { ...req.body, active: req.body?.active === 'on' } };
    if (!form.ok) return render(res, 'Edit article', articleFormPage({ ...state, errors: form.errors }), 422);
    const result = await saveArticle(backend.articles, profileId, id, form.value, now().toISOString());
    if (!result.ok) return render(res, 'Edit article', articleFormPage({ ...state, errors: result.errors }), 409);
    res.redirect(303, `/articles?done=${await savedNotice(profileId, id)}`);
  });

  // "Check again": the page is read afresh (its publisher may have added the markup since).
  router.post('/articles/:id/check', async (req, res) => {
    const profileId = profileIdOf(res);
    const id = articleIdOf(req.params.id);
    if (!(await backend.articles.find(profileId, id))) throw new PageError(404, 'There is no such article in your portfolio.');
    const outcome = await check(profileId, id);
    res.redirect(303, `/articles?done=${outcome.status === 'proven' ? 'checked-proven' : 'checked-unproven'}`);
  });

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    router.post(`/articles/:id/${path}`, async (req, res) => {
      const profileId = profileIdOf(res);
      const article = await backend.articles.find(profileId, articleIdOf(req.params.id));
      if (!article) throw new PageError(404, 'There is no such article in your portfolio.');
      await saveArticle(backend.articles, profileId, article.id, { ...formFromArticle(article), active }, now().toISOString());
      res.redirect(303, `/articles?done=${active ? 'activated' : 'deactivated'}`);
    });
  }

  return router;
}
